import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../server/src/testing/mail-catcher';
import { launchBrowser, openSession, type Session } from './support/browser';
import { signInThroughForm } from './support/console';
import { startServer, type RunningServer, rootClient } from './support/server';

/** Root sets each option through `PUT /api/option/`, as the settings page does. */
async function setOptions(server: RunningServer, options: Record<string, string>): Promise<void> {
  const asRoot = await rootClient(server);
  for (const [key, value] of Object.entries(options)) {
    expect(await asRoot('PUT', '/option/', { key, value }), key).toMatchObject({ success: true });
  }
}

/** The 6-character code of a verification mail. */
function codeOf(body: string): string {
  const code = /<strong>([0-9a-f]{6})<\/strong>/.exec(body)?.[1];
  if (!code) throw new Error(`no code in mail: ${body}`);
  return code;
}

describe('accounts in Chromium', () => {
  let mail: MailCatcher;
  let server: RunningServer;
  let browser: Browser;
  let session: Session | undefined;

  beforeAll(async () => {
    mail = await new MailCatcher().start();
    server = await startServer();
    await setOptions(server, {
      SMTPServer: '127.0.0.1',
      SMTPPort: String(mail.port),
      SMTPFrom: 'console@example.com',
      EmailVerificationEnabled: 'true',
      QuotaForNewUser: '1000000',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });
  afterEach(async () => {
    await session?.context.close();
  });

  it('registers with a mailed code, signs in and binds another email on the personal tab', async () => {
    session = await openSession(browser, server.baseUrl, 'en-US');
    const page = session.page;

    await page.goto('/register');
    await page.getByTestId('register-username').fill('walter');
    await page.getByTestId('register-password').fill('secret-pass-1');
    await page.getByTestId('register-password2').fill('secret-pass-1');
    await page.getByTestId('register-email').fill('walter@example.com');
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/Resend \(\d+ s\)/);
    const signUpCode = codeOf((await mail.latestTo('walter@example.com')).body);
    await page.getByTestId('register-code').fill(signUpCode);
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/login');

    await signInThroughForm(page, 'walter', 'secret-pass-1');
    await page.waitForURL('**/token');

    await page.goto('/setting?tab=personal');
    await expect.poll(() => page.getByTestId('binding-email').textContent()).toBe('walter@example.com');
    expect(await page.getByTestId('balance-card').textContent()).toContain('$2.00');
    await page.getByTestId('bind-email').click();
    await page.getByTestId('email-bind-address').fill('walter.new@example.com');
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/Resend \(\d+ s\)/);
    const bindCode = codeOf((await mail.latestTo('walter.new@example.com')).body);
    await page.getByTestId('email-bind-code').fill(bindCode);
    await page.getByTestId('email-bind-submit').click();
    await expect.poll(() => page.getByTestId('binding-email').textContent()).toBe('walter.new@example.com');
    expect(session.errors).toEqual([]);
  });
});
