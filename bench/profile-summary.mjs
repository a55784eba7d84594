// node bench/profile-summary.mjs [file.cpuprofile] [--top 40]
// Self time per function and per source file of a gateway CPU profile (npm run bench -- --profile),
// with bundled positions mapped back to server/src through server/dist/main.js.map.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' } },
});

function newestProfile() {
  const folder = join(here, 'results/profile');
  const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.cpuprofile')) : [];
  if (files.length === 0) throw new Error('no profile: run `npm run bench -- --profile` first');
  return join(folder, files.sort((a, b) => statSync(join(folder, b)).mtimeMs - statSync(join(folder, a)).mtimeMs)[0]);
}

const mapPath = join(root, 'server/dist/main.js.map');
const sourceMap = existsSync(mapPath) ? new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8'))) : null;

/** "file:line function" of a call frame, mapped to the TypeScript source when it is in the bundle. */
function locate({ functionName, url, lineNumber, columnNumber }) {
  const name = functionName || '(anonymous)';
  if (!url) return { name, file: '(native/v8)' };
  let file = url.startsWith('file://') ? fileURLToPath(url) : url;
  let line = lineNumber + 1;
  if (sourceMap && file.endsWith('server/dist/main.js')) {
    const entry = sourceMap.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      file = join(root, 'server/dist', entry.originalSource.replace(/^file:\/\//, ''));
      line = entry.originalLine + 1;
    }
  }
  const shown = file.startsWith('/') ? relative(root, file) : file;
  return { name, file: shown.replace(/^(\.\.\/)*node_modules\//, 'node_modules/'), line };
}

const profile = JSON.parse(readFileSync(positionals[0] ?? newestProfile(), 'utf8'));
const selfById = new Map();
for (let index = 0; index < profile.samples.length; index += 1) {
  const id = profile.samples[index];
  selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
}
const byFunction = new Map();
const byFile = new Map();
let total = 0;
for (const node of profile.nodes) {
  const self = selfById.get(node.id) ?? 0;
  if (self === 0) continue;
  total += self;
  const where = locate(node.callFrame);
  if (where.name === '(idle)' || where.name === '(program)' || where.name === '(garbage collector)')
    where.file = `(${where.name.slice(1, -1)})`;
  const key = `${where.name}  ${where.file}${where.line ? `:${where.line}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + self);
  const fileKey = where.file.startsWith('node_modules/')
    ? where.file
        .split('/')
        .slice(0, where.file.startsWith('node_modules/@') ? 3 : 2)
        .join('/')
    : where.file;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + self);
}

const top = Number(values.top);
const show = (title, map) => {
  console.log(`\n${title} (ms, % of ${total.toFixed(0)} ms sampled)`);
  for (const [key, ms] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(1).padStart(9)} ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
};
show('self time by file or package', byFile);
show('self time by function', byFunction);
