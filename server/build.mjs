// Bundles the server into dist/main.js (the import command into dist/import.js, the token counting thread into dist/count-worker.js); npm dependencies stay external, workspace sources are inlined.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@switchboard/'));

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    import: new URL('./src/import/main.ts', import.meta.url).pathname,
    'count-worker': new URL('./src/platform/token-counter/count-worker.mjs', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  define: { __SWITCHBOARD_VERSION__: JSON.stringify(root.version) },
  logLevel: 'warning',
});
