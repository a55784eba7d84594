import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf, PinnedConnection } from '../../testing/pinned-connection';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { signIn } from '../../testing/test-server';

const CONNECTIONS = 6;

describe('WORKERS=2: a session signed out on one worker is refused by the other', () => {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-sign-out-'));
  let server: ServerProcess;
  const connections: PinnedConnection[] = [];
  /** a connection served by each worker */
  let byWorker: PinnedConnection[] = [];

  beforeAll(async () => {
    server = await startServerProcess({ WORKERS: '2', SQLITE_PATH: join(folder, 'switchboard.db'), JOURNAL_DIR: join(folder, 'journal') });
    const workers = await server.childPids();
    const port = Number(new URL(server.url).port);
    const owners = new Map<number, PinnedConnection>();
    // The kernel spreads new connections over the workers; a few are enough to reach both.
    for (let attempt = 0; attempt < CONNECTIONS * 4 && owners.size < 2; attempt += 1) {
      const connection = new PinnedConnection(server.url);
      connections.push(connection);
      expect((await connection.call('/api/status')).status).toBe(200);
      const owner = await ownerOf(port, connection.localPort, workers);
      if (owner !== null && !owners.has(owner)) owners.set(owner, connection);
    }
    byWorker = [...owners.values()];
  }, 40_000);

  afterAll(async () => {
    for (const connection of connections) connection.close();
    if (server) expect(await server.stop()).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  });

  it('signs out through one worker; both workers refuse the cookie at once, and a second session lives on', async () => {
    expect(byWorker).toHaveLength(2);
    const [signingOut, other] = byWorker as [PinnedConnection, PinnedConnection];
    const caller = { call: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) };
    const headers = await signIn(caller, 'root', '123456');
    const stillSignedIn = await signIn(caller, 'root', '123456');
    for (const connection of byWorker) expect((await connection.call('/api/user/self', { headers })).status).toBe(200);
    expect((await signingOut.call('/api/user/logout', { headers })).status).toBe(200);
    expect((await signingOut.call('/api/user/self', { headers })).status).toBe(401);
    expect((await other.call('/api/user/self', { headers })).status).toBe(401);
    for (const connection of byWorker) expect((await connection.call('/api/user/self', { headers: stillSignedIn })).status).toBe(200);
  });
});
