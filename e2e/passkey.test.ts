import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';
import { signInToConsole } from './support/console';

const USERNAME = 'keyholder';
const PASSWORD = 'passkey-password1';

describe('passkeys in Chromium with a virtual authenticator', () => {
  const harness = useConsoleHarness();

  it('registers a passkey from the personal tab and signs in with it, no password', async () => {
    const asRoot = await harness.addUser(USERNAME, PASSWORD);
    expect(await asRoot('PUT', '/option/', { key: 'passkey.enabled', value: 'true' })).toMatchObject({ success: true });

    // WebAuthn needs a domain: the console is opened as localhost (the relying party), not 127.0.0.1.
    const origin = harness.server.baseUrl.replace('127.0.0.1', 'localhost');
    const session = await harness.open('en-US', { origin });
    const { page, context } = session;
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await signInToConsole(page, USERNAME, PASSWORD);
    await page.goto('/setting?tab=personal');
    await page.getByTestId('passkey-register').click();
    await page.getByTestId('passkey-card').getByText('Registered', { exact: true }).waitFor();
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // Signed out entirely: no cookie, no stored user.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByTestId('passkey-sign-in').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const self = await page.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const response = await fetch('/api/user/self', { headers: { 'New-Api-User': String(stored.id ?? 0) } });
      return (await response.json()) as { success: boolean; data?: { username: string } };
    });
    expect(self).toMatchObject({ success: true, data: { username: USERNAME } });
    expect(session.errors.filter((error) => !error.includes('favicon'))).toEqual([]);
  });
});
