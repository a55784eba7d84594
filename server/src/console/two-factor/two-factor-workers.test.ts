import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf, PinnedConnection } from '../../testing/pinned-connection';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { CookieSession, enableTwoFactor, totpCode } from '../../testing/two-factor-kit';

const CONNECTIONS = 6;

describe('WORKERS=2: a two-factor code used on one worker is refused by the other', () => {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-two-factor-'));
  let server: ServerProcess;
  const connections: PinnedConnection[] = [];
  let byWorker: PinnedConnection[] = [];

  beforeAll(async () => {
    server = await startServerProcess({ WORKERS: '2', SQLITE_PATH: join(folder, 'switchboard.db'), JOURNAL_DIR: join(folder, 'journal') });
    const workers = await server.childPids();
    const port = Number(new URL(server.url).port);
    const owners = new Map<number, PinnedConnection>();
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

  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });

  /** The password step on one worker; answers the pending sign-in's flow token. */
  async function pendingOn(connection: PinnedConnection): Promise<string> {
    const reply = JSON.parse((await connection.call('/api/user/login', json({ username: 'root', password: '123456' }))).text) as {
      data: { require_2fa: boolean; flow_token: string };
    };
    expect(reply.data.require_2fa).toBe(true);
    return reply.data.flow_token;
  }

  it('takes a TOTP code and a backup code once across both workers', async () => {
    expect(byWorker).toHaveLength(2);
    const [first, second] = byWorker as [PinnedConnection, PinnedConnection];
    const owner = new CookieSession({ call: (path, init) => fetch(`${server.url}${path}`, init) });
    await owner.logIn('root', '123456');
    const { secret, backupCodes } = await enableTwoFactor(owner);

    const code = totpCode(secret, 1);
    const [onFirst, onSecond] = [await pendingOn(first), await pendingOn(second)];
    const accepted = JSON.parse((await first.call('/api/user/login/2fa', json({ code, flow_token: onFirst }))).text) as { success: boolean };
    expect(accepted.success).toBe(true);
    const replayed = JSON.parse((await second.call('/api/user/login/2fa', json({ code, flow_token: onSecond }))).text) as { message: string };
    expect(replayed.message).toBe('The code is wrong or was already used');

    const backup = backupCodes[0]!;
    const [again, otherAgain] = [await pendingOn(second), await pendingOn(first)];
    expect((JSON.parse((await second.call('/api/user/login/2fa', json({ code: backup, flow_token: again }))).text) as { success: boolean }).success).toBe(true);
    const reused = JSON.parse((await first.call('/api/user/login/2fa', json({ code: backup, flow_token: otherAgain }))).text) as { message: string };
    expect(reused.message).toBe('The code is wrong or was already used');
  });
});
