import { Role } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import { serverForTests } from '../../testing/test-server';
import { CookieSession, signedInUser } from '../../testing/two-factor-kit';

const PASSWORD = 'password123';
const server = serverForTests();
const newUser = (username: string, role?: number) => signedInUser(server, username, role);

/** A registered passkey as the register ceremony stores it (the ceremony itself runs in the browser test). */
async function givePasskey(userId: number) {
  const now = nowSeconds();
  await server.context.database.db
    .insertInto('passkey_credentials')
    .values({
      user_id: userId,
      credential_id: `credential-${userId}`,
      public_key: 'AQID',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('passkeys: settings and the administrator’s reset', () => {
  it('answers "not enabled" while the administrator has passkeys off, and lists the relying party in /api/status once on', async () => {
    const visitor = new CookieSession(server);
    expect((await visitor.send('POST', '/user/passkey/login/begin')).message).toBe(
      'The administrator has not enabled Passkey',
    );
    const root = new CookieSession(server);
    await root.logIn('root', '123456');
    expect((await root.send('PUT', '/option/', { key: 'passkey.enabled', value: 'true' })).success).toBe(true);
    expect((await root.send('PUT', '/option/', { key: 'passkey.rp_id', value: 'console.example' })).success).toBe(true);
    expect(
      (await root.send('PUT', '/option/', { key: 'passkey.origins', value: 'https://console.example' })).success,
    ).toBe(true);
    try {
      const status = await visitor.send<Record<string, unknown>>('GET', '/status');
      expect(status.data).toMatchObject({
        passkey_login: true,
        passkey_rp_id: 'console.example',
        passkey_origins: 'https://console.example',
        passkey_user_verification: 'preferred',
      });
      const begun = await visitor.send<{
        options: { publicKey: { rpId: string; challenge: string; timeout: number } };
        flow_token: string;
      }>('POST', '/user/passkey/login/begin');
      expect(begun.data?.options.publicKey).toMatchObject({ rpId: 'console.example', timeout: 120000 });
      expect(begun.data?.flow_token).toMatch(/^[\w-]{40,}$/);
      expect(
        (await root.send('PUT', '/option/', { key: 'passkey.origins', value: 'http://console.example' })).success,
      ).toBe(true);
      expect((await visitor.send('POST', '/user/passkey/login/begin')).message).toMatch(
        /^The passkey origin http:\/\/console.example is not https/,
      );
    } finally {
      await root.send('PUT', '/option/', { key: 'passkey.enabled', value: 'false' });
    }
  });

  it('removes a lower-role user’s passkey and ends all of their sessions; refuses a peer', async () => {
    const user = await newUser('ivan');
    const admin = await newUser('judy', Role.Admin);
    const peer = await newUser('mallory', Role.Admin);
    await givePasskey(user.userId);
    await givePasskey(peer.userId);
    expect((await user.send('GET', '/user/passkey')).data).toEqual({ enabled: true, last_used_at: 0 });

    expect((await admin.send('DELETE', `/user/${peer.userId}/reset_passkey`)).message).toMatch(/same or a higher role/);
    expect((await admin.send('DELETE', `/user/${user.userId}/reset_passkey`)).success).toBe(true);
    expect((await user.send('GET', '/user/self')).status).toBe(401);
    expect((await admin.send('DELETE', `/user/${user.userId}/reset_passkey`)).message).toBe('The user has no passkey');
    const back = new CookieSession(server);
    await back.logIn('ivan', PASSWORD);
    expect((await back.send('GET', '/user/passkey')).data).toEqual({ enabled: false });
    expect((await peer.send('GET', '/user/passkey')).data).toMatchObject({ enabled: true });
  });

  it('removing one’s own passkey takes a passkey proof (2FA when the account has it)', async () => {
    const owner = await newUser('niaj');
    await givePasskey(owner.userId);
    expect(await owner.send('DELETE', '/user/passkey')).toMatchObject({ status: 403, code: 'SECURITY_PROOF_REQUIRED' });
    expect((await owner.send('GET', '/user/passkey')).data).toMatchObject({ enabled: true });
  });
});
