// Bundles the server into dist/main.js (the import command into dist/import.js, the token counting and JSON parsing threads into dist/count-worker.js and dist/json-parse-worker.js); npm dependencies stay external, workspace sources are inlined.
// Split into chunks: main.js loads only the code of the role it runs (a cluster primary none of the HTTP server's, fastify included).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@switchboard/'));

const outdir = new URL('./dist', import.meta.url).pathname;
const result = await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    import: new URL('./src/import/main.ts', import.meta.url).pathname,
    'count-worker': new URL('./src/platform/token-counter/count-worker.mjs', import.meta.url).pathname,
    'json-parse-worker': new URL('./src/platform/threads/json-parse-worker.mjs', import.meta.url).pathname,
  },
  outdir,
  metafile: true,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  define: { __SWITCHBOARD_VERSION__: JSON.stringify(root.version) },
  logLevel: 'warning',
});

// Chunk names carry a hash: the chunks of earlier builds go once this one is written (never before,
// so that a server starting meanwhile finds the chunks its main.js names).
const written = new Set(Object.keys(result.metafile.outputs).map((path) => basename(path)));
for (const name of readdirSync(outdir)) if (!written.has(name)) rmSync(join(outdir, name), { force: true });
