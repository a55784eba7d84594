import { Role } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/test-server';
import { CookieSession, enableTwoFactor, signedInUser, totpCode } from '../../testing/two-factor-kit';

const PASSWORD = 'password123';
const server = serverForTests();
const newUser = (username: string, role?: number) => signedInUser(server, username, role);

describe('two-factor set-up and sign-in', () => {
  it('shows the secret only at setup, asks for a code at sign-in, and takes each code once', async () => {
    const owner = await newUser('alice');
    const setup = await owner.send<{ secret: string; qr_code_data: string; backup_codes: string[] }>(
      'POST',
      '/user/2fa/setup',
    );
    expect(setup.data?.qr_code_data).toBe(
      `otpauth://totp/Switchboard:alice%20(Switchboard)?secret=${setup.data?.secret}&issuer=Switchboard&digits=6&period=30`,
    );
    expect(setup.data?.backup_codes).toHaveLength(4);
    for (const code of setup.data?.backup_codes ?? []) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const secret = setup.data?.secret ?? '';
    expect(
      (await owner.send('POST', '/user/2fa/enable', { code: '000000' === totpCode(secret) ? '111111' : '000000' }))
        .message,
    ).toBe('The code is wrong or was already used');
    expect((await owner.send('POST', '/user/2fa/enable', { code: totpCode(secret) })).success).toBe(true);
    const status = await owner.send('GET', '/user/2fa/status');
    expect(status.data).toEqual({ enabled: true, locked: false, backup_codes_remaining: 4 });
    expect(JSON.stringify(status)).not.toContain(secret);
    expect((await owner.send('POST', '/user/2fa/setup')).message).toBe(
      'Two-factor authentication is already enabled: disable it first',
    );

    const browser = new CookieSession(server);
    const first = await browser.logIn('alice', PASSWORD);
    expect(first).toMatchObject({
      success: true,
      message: 'Two-factor authentication required',
      data: { require_2fa: true },
    });
    expect(first.data?.flow_token).toMatch(/^[\w-]{40,}$/);
    browser.userId = (
      await server.context.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'alice')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await browser.send('GET', '/user/self')).status).toBe(401);
    // The code that enabled the factor is spent: the second step wants a newer one.
    expect((await browser.logInCode(totpCode(secret))).message).toBe('The code is wrong or was already used');
    const next = totpCode(secret, 1);
    expect((await browser.logInCode(next)).success).toBe(true);
    expect((await browser.send('GET', '/user/self')).success).toBe(true);

    const again = new CookieSession(server);
    await again.logIn('alice', PASSWORD);
    expect((await again.logInCode(next)).message).toBe('The code is wrong or was already used');
  });

  it('completes with a backup code once, and with the flow token alone (no cookie)', async () => {
    const owner = await newUser('bob');
    const { backupCodes } = await enableTwoFactor(owner);
    const pending = await new CookieSession(server).logIn('bob', PASSWORD);
    const cookieless = new CookieSession(server);
    expect((await cookieless.logInCode(backupCodes[0]!.toLowerCase(), pending.data?.flow_token)).success).toBe(true);
    expect((await cookieless.send('GET', '/user/self')).success).toBe(true);
    const reuse = new CookieSession(server);
    await reuse.logIn('bob', PASSWORD);
    expect((await reuse.logInCode(backupCodes[0]!)).message).toBe('The code is wrong or was already used');
    // A flow is consumed by its sign-in.
    expect((await new CookieSession(server).logInCode(backupCodes[1]!, pending.data?.flow_token)).message).toBe(
      'The sign-in session expired: log in again',
    );
    expect((await owner.send('GET', '/user/2fa/status')).data).toMatchObject({ backup_codes_remaining: 3 });
  });

  it('locks for 300 s after five wrong codes: even the right code is refused meanwhile', async () => {
    const owner = await newUser('carol');
    const { secret } = await enableTwoFactor(owner);
    const browser = new CookieSession(server);
    await browser.logIn('carol', PASSWORD);
    const wrong = totpCode(secret, 1) === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await browser.logInCode(wrong)).message).toBe('The code is wrong or was already used');
    }
    const fifth = await browser.logInCode(wrong);
    expect(fifth.message).toMatch(/^Too many failed attempts: locked, retry after /);
    expect((await browser.logInCode(totpCode(secret, 1))).message).toMatch(/locked/);
    expect((await owner.send('GET', '/user/2fa/status')).data).toMatchObject({ enabled: true, locked: true });
    const lockedUntil = (
      await server.context.database.db
        .selectFrom('two_fas')
        .select('locked_until')
        .innerJoin('users', 'users.id', 'two_fas.user_id')
        .where('username', '=', 'carol')
        .executeTakeFirstOrThrow()
    ).locked_until;
    expect(Number(lockedUntil) - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
  });
});

describe('sessions end when two-factor changes', () => {
  it('enabling, regenerating and disabling end the other sessions and keep this one', async () => {
    const owner = await newUser('dave');
    const other = new CookieSession(server);
    await other.logIn('dave', PASSWORD);
    expect((await other.send('GET', '/user/self')).success).toBe(true);
    const { secret, backupCodes } = await enableTwoFactor(owner);
    expect((await other.send('GET', '/user/self')).status).toBe(401);
    expect((await owner.send('GET', '/user/self')).success).toBe(true);

    const second = new CookieSession(server);
    await second.logIn('dave', PASSWORD);
    await second.logInCode(backupCodes[0]!);
    expect((await second.send('GET', '/user/self')).success).toBe(true);
    const regenerated = await owner.send<{ backup_codes: string[] }>('POST', '/user/2fa/backup_codes', {
      code: totpCode(secret, 1),
    });
    expect(regenerated.data?.backup_codes).toHaveLength(4);
    expect(regenerated.data?.backup_codes).not.toContain(backupCodes[1]);
    expect((await second.send('GET', '/user/self')).status).toBe(401);
    expect((await owner.send('GET', '/user/self')).success).toBe(true);

    const third = new CookieSession(server);
    await third.logIn('dave', PASSWORD);
    await third.logInCode(regenerated.data!.backup_codes[0]!);
    // The old codes died with the regeneration.
    expect((await owner.send('POST', '/user/2fa/disable', { code: backupCodes[1] })).message).toBe(
      'The code is wrong or was already used',
    );
    expect((await owner.send('POST', '/user/2fa/disable', { code: regenerated.data!.backup_codes[1] })).success).toBe(
      true,
    );
    expect((await third.send('GET', '/user/self')).status).toBe(401);
    expect((await owner.send('GET', '/user/2fa/status')).data).toEqual({ enabled: false, locked: false });
    expect((await new CookieSession(server).logIn('dave', PASSWORD)).data).toMatchObject({ username: 'dave' });
  });
});

describe('an administrator removes a user’s two-factor', () => {
  it('only over a lower role; the user’s sessions all end', async () => {
    const user = await newUser('erin');
    await enableTwoFactor(user);
    const admin = await newUser('frank', Role.Admin);
    const peer = await newUser('grace', Role.Admin);
    await enableTwoFactor(peer);
    const root = new CookieSession(server);
    await root.logIn('root', '123456');
    const userId = user.userId;

    expect((await admin.send('DELETE', `/user/${peer.userId}/2fa`)).message).toMatch(
      /^No permission to act on a user of the same or a higher role/,
    );
    expect((await peer.send('GET', '/user/2fa/status')).data).toMatchObject({ enabled: true });
    const common = await newUser('heidi');
    expect((await common.send('DELETE', `/user/${userId}/2fa`)).success).toBe(false);

    expect((await admin.send('DELETE', `/user/${userId}/2fa`)).success).toBe(true);
    expect((await user.send('GET', '/user/self')).status).toBe(401);
    expect((await admin.send('DELETE', `/user/${userId}/2fa`)).message).toBe(
      'Two-factor authentication is not enabled',
    );
    const back = new CookieSession(server);
    expect((await back.logIn('erin', PASSWORD)).data).toMatchObject({ username: 'erin' });
    expect((await root.send('DELETE', `/user/${peer.userId}/2fa`)).success).toBe(true);
    expect((await root.send<{ enabled_users: number }>('GET', '/user/2fa/stats')).data).toMatchObject({
      enabled_rate: expect.stringMatching(/%$/),
    });
  });
});
