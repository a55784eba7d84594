import { describe, expect, it } from 'vitest';
import type { PinnedConnection } from '../../testing/pinned-connection';
import { CookieSession, enableTwoFactor, totpCode } from '../../testing/two-factor-kit';
import { twoWorkerServer } from '../../testing/two-workers';

describe('WORKERS=2: a two-factor code used on one worker is refused by the other', () => {
  const workers = twoWorkerServer('two-factor');

  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });

  /** The password step on one worker; answers the pending sign-in's flow token. */
  async function pendingOn(connection: PinnedConnection): Promise<string> {
    const reply = JSON.parse(
      (await connection.call('/api/user/login', json({ username: 'root', password: '123456' }))).text,
    ) as {
      data: { require_2fa: boolean; flow_token: string };
    };
    expect(reply.data.require_2fa).toBe(true);
    return reply.data.flow_token;
  }

  it('takes a TOTP code and a backup code once across both workers', async () => {
    const { server, first, second } = workers;
    const owner = new CookieSession({ call: (path, init) => fetch(`${server.url}${path}`, init) });
    await owner.logIn('root', '123456');
    const { secret, backupCodes } = await enableTwoFactor(owner);

    const code = totpCode(secret, 1);
    const [onFirst, onSecond] = [await pendingOn(first), await pendingOn(second)];
    const accepted = JSON.parse(
      (await first.call('/api/user/login/2fa', json({ code, flow_token: onFirst }))).text,
    ) as { success: boolean };
    expect(accepted.success).toBe(true);
    const replayed = JSON.parse(
      (await second.call('/api/user/login/2fa', json({ code, flow_token: onSecond }))).text,
    ) as { message: string };
    expect(replayed.message).toBe('The code is wrong or was already used');

    const backup = backupCodes[0]!;
    const [again, otherAgain] = [await pendingOn(second), await pendingOn(first)];
    expect(
      (
        JSON.parse((await second.call('/api/user/login/2fa', json({ code: backup, flow_token: again }))).text) as {
          success: boolean;
        }
      ).success,
    ).toBe(true);
    const reused = JSON.parse(
      (await first.call('/api/user/login/2fa', json({ code: backup, flow_token: otherAgain }))).text,
    ) as { message: string };
    expect(reused.message).toBe('The code is wrong or was already used');
  });
});
