import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { runImport } from './import-command';

const USAGE = 'usage: npm run import -- --from <SQL_DSN or SQLite file of the reference database> [--dry-run]';

/** `npm run import`: copies a reference product's database into the one this environment configures. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  if (!values.from) {
    console.error(USAGE);
    process.exit(2);
  }
  console.info(await runImport(loadConfig(), values.from, values['dry-run'] ?? false));
}

main().catch((error: unknown) => {
  console.error(
    `import failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
