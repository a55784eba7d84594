import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../server/src/testing/two-factor-kit';
import { useConsoleHarness } from './support/console-harness';
import { signInThroughForm } from './support/console';

const USERNAME = 'guarded';
const PASSWORD = 'guarded-password1';

describe('two-factor sign-in in Chromium', () => {
  const harness = useConsoleHarness();

  /** The password step, then the code form; answers once the code was sent. */
  async function signInWithCode(page: Page, code: string, backup: boolean): Promise<void> {
    await signInThroughForm(page, USERNAME, PASSWORD);
    await page.getByTestId('two-factor-sign-in').waitFor();
    if (backup) await page.getByTestId('two-factor-use-backup').click();
    await page.getByTestId('two-factor-code').fill(code);
    await page.getByTestId('two-factor-submit').click();
  }

  it('enables 2FA with a code of the shown secret, signs in with the next code, then with a backup code once', async () => {
    await harness.addUser(USERNAME, PASSWORD);

    const { page } = await harness.openAs(USERNAME, PASSWORD, 'en-US');
    await page.goto('/setting?tab=personal');
    await page.getByTestId('two-factor-enable').click();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByTestId('two-factor-qr').waitFor();
    await page.getByTestId('two-factor-setup-next').click();
    const backupCodes =
      (await page.getByTestId('two-factor-backup-codes').innerText()).match(/[A-Z0-9]{4}-[A-Z0-9]{4}/g) ?? [];
    expect(backupCodes).toHaveLength(4);
    await page.getByTestId('two-factor-setup-next').click();
    await page.getByTestId('two-factor-setup-code').fill(totpCode(secret));
    await page.getByTestId('two-factor-setup-finish').click();
    await page.getByTestId('two-factor-remaining').getByText('Backup codes left: 4').waitFor();

    // A fresh browser: the password alone no longer signs in; the app's next code does.
    const second = await harness.open('en-US');
    await signInWithCode(second.page, totpCode(secret, 1), false);
    await second.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(
      (await (await second.page.request.get('/api/user/self', { headers: { 'New-Api-User': '2' } })).json()) as object,
    ).toMatchObject({
      success: true,
      data: { username: USERNAME },
    });
    await second.context.close();

    const third = await harness.open('en-US');
    await signInWithCode(third.page, backupCodes[0]!, true);
    await third.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await third.context.close();

    const fourth = await harness.open('en-US');
    await signInWithCode(fourth.page, backupCodes[0]!, true);
    await fourth.page.getByText('The code is wrong or was already used').first().waitFor();
    expect(new URL(fourth.page.url()).pathname).toBe('/login');
    await fourth.page.getByTestId('two-factor-sign-in').waitFor();
    await fourth.context.close();
  });
});
