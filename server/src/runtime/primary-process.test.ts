import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { temporaryFolders } from '../testing/temporary-folders';

// Needs the production bundle: `npm run build -w server`.

const trace = fileURLToPath(new URL('../testing/package-trace.mjs', import.meta.url));
const packagesOf = (folder: string, pid: number) =>
  readFileSync(join(folder, String(pid)), 'utf8')
    .split('\n')
    .filter(Boolean);
const HTTP_SERVER = ['fastify', '@fastify/static', '@fastify/cookie', 'fastify-type-provider-zod'];

describe('WORKERS=2: the cluster primary', () => {
  const folder = temporaryFolders('primary-process');
  let traces: string;
  let server: ServerProcess;

  beforeAll(async () => {
    const data = folder();
    traces = folder();
    server = await startServerProcess({
      WORKERS: '2',
      SQLITE_PATH: join(data, 'switchboard.db'),
      NODE_OPTIONS: `--import ${trace}`,
      SWITCHBOARD_PACKAGE_TRACE: traces,
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('runs the ledger and the jobs without loading the HTTP server, which only its workers serve', async () => {
    const primary = packagesOf(traces, server.pid);
    // It opened the database and its logger, and took the settlement journal…
    expect(primary).toEqual(expect.arrayContaining(['better-sqlite3', 'kysely', 'pino']));
    // …and none of the console and relay's HTTP server.
    expect(primary.filter((name) => HTTP_SERVER.includes(name))).toEqual([]);
    const workers = await server.childPids();
    expect(workers).toHaveLength(2);
    for (const pid of workers) expect(packagesOf(traces, pid)).toEqual(expect.arrayContaining(HTTP_SERVER));
    // Every worker serves the console and the relay on the one port.
    const status = (await (await fetch(`${server.url}/api/status`)).json()) as { success: boolean };
    expect(status.success).toBe(true);
  });
});
