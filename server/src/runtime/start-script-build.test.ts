import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../testing/npm-start';
import { temporaryFolders } from '../testing/temporary-folders';

/**
 * A project of the repository's shape around the real `scripts/start.mjs`: the console's and the
 * server's builds write a file saying which run built them, and the server's "main.js" prints it.
 */
function smallProject(folder: string): void {
  mkdirSync(join(folder, 'scripts'));
  copyFileSync(join(repositoryRoot, 'scripts', 'start.mjs'), join(folder, 'scripts', 'start.mjs'));
  const json = (path: string, value: unknown) => writeFileSync(join(folder, path), JSON.stringify(value));
  json('package.json', {
    name: 'small',
    private: true,
    type: 'module',
    workspaces: ['web', 'server'],
    scripts: { start: 'node scripts/start.mjs' },
  });
  for (const [workspace, output, text] of [
    ['web', 'dist/index.html', '<html></html>'],
    ['server', 'dist/main.js', "console.log('served the build of', process.env.BUILD_RUN);"],
  ] as const) {
    mkdirSync(join(folder, workspace, 'src'), { recursive: true });
    writeFileSync(join(folder, workspace, 'src', 'main.ts'), 'export {};\n');
    const build = `import { mkdirSync, writeFileSync } from 'node:fs'; mkdirSync('dist', { recursive: true }); writeFileSync('${output}', ${JSON.stringify(text)}.replace('process.env.BUILD_RUN', JSON.stringify(process.env.BUILD_RUN)));`;
    writeFileSync(join(folder, workspace, 'build.mjs'), build);
    json(`${workspace}/package.json`, {
      name: `small-${workspace}`,
      private: true,
      type: 'module',
      scripts: { build: 'node build.mjs' },
    });
  }
}

const npmStart = (folder: string, run: string) => {
  const result = spawnSync('npm', ['start'], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', BUILD_RUN: run },
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  return `${result.stdout}${result.stderr}`;
};

/** Sets a file's modification time `seconds` from now. */
const touch = (path: string, seconds: number) => {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(path, when, when);
};

describe('npm start builds what is older than its sources', () => {
  const newFolder = temporaryFolders('start-build');

  it('builds what is missing, serves a fresh build as it is, rebuilds after a source changed (not after a test did)', () => {
    const folder = newFolder();
    smallProject(folder);

    const first = npmStart(folder, 'first');
    expect(first).toContain('building the console (no build yet)');
    expect(first).toContain('building the server (no build yet)');
    expect(first).toContain('served the build of first');

    const second = npmStart(folder, 'second');
    expect(second).not.toContain('building');
    expect(second).toMatch(/serving the server build of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(server\/dist\/main\.js\)/);
    expect(second).toContain('served the build of first');

    writeFileSync(join(folder, 'server', 'src', 'main.test.ts'), 'export {};\n');
    touch(join(folder, 'server', 'src', 'main.test.ts'), 60);
    expect(npmStart(folder, 'third')).toContain('served the build of first');

    // What `git pull` does to a changed source: a newer modification time than the build's.
    touch(join(folder, 'server', 'src', 'main.ts'), 60);
    const fourth = npmStart(folder, 'fourth');
    expect(fourth).toMatch(/building the server \(sources changed since the build of .+\)/);
    expect(fourth).not.toContain('building the console');
    expect(fourth).toContain('served the build of fourth');
  }, 60_000);
});
