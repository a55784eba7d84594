import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeIn } from '../server/src/testing/account-fixtures';
import { MailCatcher } from '../server/src/testing/mail-catcher';
import { useConsoleHarness, useForFile } from './support/console-harness';
import { signInThroughForm } from './support/console';
import { type RunningServer, rootClient } from './support/server';

/** Root sets each option through `PUT /api/option/`, as the settings page does. */
async function setOptions(server: RunningServer, options: Record<string, string>): Promise<void> {
  const asRoot = await rootClient(server);
  for (const [key, value] of Object.entries(options)) {
    expect(await asRoot('PUT', '/option/', { key, value }), key).toMatchObject({ success: true });
  }
}

/** Sends a code to `address` with the form's button, sees the button count down, answers the mailed code. */
async function mailedCode(page: Page, mail: MailCatcher, address: string): Promise<string> {
  await page.getByTestId('send-code').click();
  await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/Resend \(\d+ s\)/);
  return codeIn((await mail.latestTo(address)).body);
}

describe('accounts in Chromium', () => {
  const mail = useForFile(
    () => new MailCatcher().start(),
    (started) => started.stop(),
  );
  const harness = useConsoleHarness();

  beforeAll(() =>
    setOptions(harness.server, {
      SMTPServer: '127.0.0.1',
      SMTPPort: String(mail().port),
      SMTPFrom: 'console@example.com',
      EmailVerificationEnabled: 'true',
      QuotaForNewUser: '1000000',
    }),
  );

  it('registers with a mailed code, signs in and binds another email on the personal tab', async () => {
    const session = await harness.open('en-US');
    const page = session.page;

    await page.goto('/register');
    await page.getByTestId('register-username').fill('walter');
    await page.getByTestId('register-password').fill('secret-pass-1');
    await page.getByTestId('register-password2').fill('secret-pass-1');
    await page.getByTestId('register-email').fill('walter@example.com');
    await page.getByTestId('register-code').fill(await mailedCode(page, mail(), 'walter@example.com'));
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/login');

    await signInThroughForm(page, 'walter', 'secret-pass-1');
    await page.waitForURL('**/token');

    await page.goto('/setting?tab=personal');
    await expect.poll(() => page.getByTestId('binding-email').textContent()).toBe('walter@example.com');
    expect(await page.getByTestId('balance-card').textContent()).toContain('$2.00');
    await page.getByTestId('bind-email').click();
    await page.getByTestId('email-bind-address').fill('walter.new@example.com');
    await page.getByTestId('email-bind-code').fill(await mailedCode(page, mail(), 'walter.new@example.com'));
    await page.getByTestId('email-bind-submit').click();
    await expect.poll(() => page.getByTestId('binding-email').textContent()).toBe('walter.new@example.com');
    expect(session.errors).toEqual([]);
  });
});
