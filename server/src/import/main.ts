import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { describeImport, importReference } from './import-reference';
import { openSource } from './reference-source';

const USAGE = 'usage: npm run import -- --from <SQL_DSN or SQLite file of the reference database> [--dry-run]';

/** `npm run import`: copies a reference product's database into the one this environment configures. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } } });
  if (!values.from) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const source = await openSource(values.from);
  const target = openDatabase({ kind: config.databaseKind, sqlitePath: config.SQLITE_PATH, dsn: config.SQL_DSN });
  try {
    const dryRun = values['dry-run'] ?? false;
    if (!dryRun) await migrateToLatest(target);
    console.info(describeImport(await importReference(source, target, { dryRun })));
  } finally {
    await source.close();
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(`import failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
