import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/test-server';
import { CookieSession, enableTwoFactor, totpCode } from '../../testing/two-factor-kit';

const KEY = 'sk-vaulted-channel-key-7731';

describe('reading a channel key takes a 2FA proof of the last five minutes', () => {
  const server = serverForTests();
  let root: CookieSession;
  let channelId: number;

  beforeAll(async () => {
    root = new CookieSession(server);
    await root.logIn('root', '123456');
    const created = await root.send<{ ids: number[] }>('POST', '/channel/', {
      type: 1,
      name: 'vault',
      key: KEY,
      base_url: '',
      models: 'gpt-4o',
      group: 'default',
    });
    expect(created.success).toBe(true);
    channelId = created.data?.ids[0] ?? 0;
  });

  it('refuses without a proof, with a wrong code, with another scope or another session’s proof; answers with its own', async () => {
    const readKey = (session: CookieSession, proof?: string) =>
      session.send<{ key: string }>(
        'POST',
        `/channel/${channelId}/key`,
        undefined,
        proof ? { 'X-Security-Proof': proof } : {},
      );
    expect(await readKey(root)).toMatchObject({ status: 403, code: 'SECURITY_PROOF_REQUIRED' });
    expect(await readKey(root, 'forged.proof')).toMatchObject({ status: 403, code: 'SECURITY_PROOF_INVALID' });
    // Without two-factor there is nothing to verify with.
    expect(
      (await root.send('POST', '/verify', { method: '2fa', code: '123456', scope: 'channel.key.read' })).message,
    ).toBe('Two-factor authentication is not enabled');

    const { secret, backupCodes } = await enableTwoFactor(root);
    const wrong = totpCode(secret, 1) === '000000' ? '111111' : '000000';
    expect(
      (await root.send('POST', '/verify', { method: '2fa', code: wrong, scope: 'channel.key.read' })).success,
    ).toBe(false);
    const other = await root.send<{ proof_token: string }>('POST', '/verify', {
      method: '2fa',
      code: backupCodes[0],
      scope: 'passkey.register',
    });
    expect(await readKey(root, other.data?.proof_token)).toMatchObject({
      status: 403,
      code: 'SECURITY_PROOF_SCOPE_MISMATCH',
    });

    const proof = await root.send<{ proof_token: string; expires_at: number; method: string; scope: string }>(
      'POST',
      '/verify',
      {
        method: '2fa',
        code: totpCode(secret, 1),
        scope: 'channel.key.read',
      },
    );
    expect(proof.data).toMatchObject({ method: '2fa', scope: 'channel.key.read' });
    expect((proof.data?.expires_at ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
    expect(await readKey(root, proof.data?.proof_token)).toMatchObject({ success: true, data: { key: KEY } });
    // Reusable by its session until it expires.
    expect(await readKey(root, proof.data?.proof_token)).toMatchObject({ success: true, data: { key: KEY } });

    const elsewhere = new CookieSession(server);
    await elsewhere.logIn('root', '123456');
    await elsewhere.logInCode(backupCodes[1]!);
    expect(await readKey(elsewhere, proof.data?.proof_token)).toMatchObject({
      status: 403,
      code: 'SECURITY_PROOF_INVALID',
    });
  });
});
