import { describe, expect, it } from 'vitest';
import { signIn } from '../../testing/test-server';
import { twoWorkerServer } from '../../testing/two-workers';

describe('WORKERS=2: a session signed out on one worker is refused by the other', () => {
  const workers = twoWorkerServer('sign-out');

  it('signs out through one worker; both workers refuse the cookie at once, and a second session lives on', async () => {
    const { server, first: signingOut, second: other } = workers;
    const byWorker = [signingOut, other];
    const caller = { call: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) };
    const headers = await signIn(caller, 'root', '123456');
    const stillSignedIn = await signIn(caller, 'root', '123456');
    for (const connection of byWorker) expect((await connection.call('/api/user/self', { headers })).status).toBe(200);
    expect((await signingOut.call('/api/user/logout', { headers })).status).toBe(200);
    expect((await signingOut.call('/api/user/self', { headers })).status).toBe(401);
    expect((await other.call('/api/user/self', { headers })).status).toBe(401);
    for (const connection of byWorker)
      expect((await connection.call('/api/user/self', { headers: stillSignedIn })).status).toBe(200);
  });
});
