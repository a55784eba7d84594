// `npm test`: type-check, lint, build, then every test (unit, integration over HTTP, browser).
// Ends with one plain line "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const step = (title, command, args) => {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.log(`\n${title} failed`);
    console.log('tests: 0 passed, 1 failed');
    process.exit(result.status ?? 1);
  }
};

step('type-check', 'npm', ['run', 'typecheck', '--silent']);
step('lint', 'npm', ['run', 'lint', '--silent']);
step('build', 'npm', ['run', 'build', '--silent']);

const report = join(mkdtempSync(join(tmpdir(), 'switchboard-test-')), 'vitest.json');
console.log('\n=== tests');
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    stdio: 'inherit',
  },
);
let summary = { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.log('no test report was written');
}
const failed = summary.numFailedTests + (result.status !== 0 && summary.numFailedTests === 0 ? 1 : 0);
console.log(
  `tests: ${summary.numPassedTests} passed, ${failed} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`,
);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
