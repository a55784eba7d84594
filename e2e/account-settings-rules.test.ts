import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';
import { rootCall } from './support/console';

async function storedOption(page: Page, key: string): Promise<string | undefined> {
  const reply = await rootCall(page, 'GET', '/api/option/');
  return (reply.data as Array<{ key: string; value: string }>).find((entry) => entry.key === key)?.value;
}

/** Clicks a button and waits for the PUT it sends to `path` to answer. */
async function clickAndAwaitPut(page: Page, button: string, path: string) {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith(path) && response.request().method() === 'PUT',
  );
  await page.getByTestId(button).click();
  return (await (await answered).json()) as { success: boolean; message: string };
}

/** Issue 41: the spec 000 walk-through's console defects, each as a person meets it in Chromium at 1280 px. */
describe('account and settings rules in Chromium', () => {
  const harness = useConsoleHarness();

  it('notification settings keep the webhook address when email is chosen', async () => {
    const { page } = await harness.openAsRoot('zh-CN');
    await page.goto('/setting?tab=personal');
    const card = page.getByTestId('notification-card');
    await card.getByText('Webhook', { exact: true }).click();
    await card.getByTestId('notification-webhook-url').fill('https://hooks.example.com/alerts');
    expect(await clickAndAwaitPut(page, 'notification-save', '/api/user/setting')).toMatchObject({ success: true });

    await card.getByText('邮件', { exact: true }).click();
    expect(await clickAndAwaitPut(page, 'notification-save', '/api/user/setting')).toMatchObject({ success: true });
    const self = await rootCall(page, 'GET', '/api/user/self');
    expect(JSON.parse((self.data as { setting: string }).setting)).toMatchObject({
      notify_type: 'email',
      webhook_url: 'https://hooks.example.com/alerts',
    });
  });

  it('registration words the password rule as the server does, in Chinese', async () => {
    const { page } = await harness.openAsRoot('zh-CN');
    const serverWording = await rootCall(
      page,
      'POST',
      '/api/user/',
      { username: 'short-pass', password: 'short' },
      'zh',
    );
    expect(serverWording).toEqual({ success: false, message: '密码长度不得小于 8 位且不得大于 20 位' });
    await page.context().clearCookies();

    await page.goto('/register');
    await page.getByTestId('register-username').fill('newcomer');
    await page.getByTestId('register-password').fill('short');
    await page.getByTestId('register-password2').fill('short');
    await page.getByTestId('register-submit').click();
    await page.getByText(serverWording.message).first().waitFor();
  });

  it('email fields are checked in the console language, not by the browser own English check', async () => {
    const { page } = await harness.openAsRoot('zh-CN');
    await page.goto('/setting?tab=personal');
    const card = page.getByTestId('notification-card');
    const notificationEmail = card.locator('#notification_email');
    await notificationEmail.fill('not-an-email');
    await card.getByTestId('notification-save').click();
    await page.getByText('通知邮箱地址格式不正确').first().waitFor();
    expect(await notificationEmail.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe('');

    expect(
      await rootCall(page, 'PUT', '/api/option/', { key: 'EmailVerificationEnabled', value: 'true' }),
    ).toMatchObject({ success: true });
    await page.context().clearCookies();
    await page.goto('/register');
    await page.getByTestId('register-username').fill('newcomer');
    await page.getByTestId('register-password').fill('password123');
    await page.getByTestId('register-password2').fill('password123');
    await page.getByTestId('register-email').fill('not-an-email');
    await page.getByTestId('register-code').fill('123456');
    await page.getByTestId('register-submit').click();
    await page.getByText('邮箱地址格式不正确').first().waitFor();
    expect(
      await page.getByTestId('register-email').evaluate((element: HTMLInputElement) => element.validationMessage),
    ).toBe('');
  });

  /** Opens the operation tab as root, with the visual ratio table showing gpt-4o and its models. */
  async function operationTab(): Promise<Page> {
    const { page } = await harness.openAsRoot('en-US');
    await page.goto('/setting?tab=operation');
    await page.getByTestId('ratio-search').locator('input').fill('gpt-4o');
    return page;
  }

  it('negatives are named as negative, not called "not a number" nor stored as 0', async () => {
    const page = await operationTab();
    await page.getByTestId('ratio-ratio-gpt-4o').fill('-1');
    await page.getByText('The value of "gpt-4o" is negative; ratios and prices cannot be less than 0').waitFor();

    const newUserQuota = page.getByTestId('option-QuotaForNewUser').locator('input');
    await newUserQuota.fill('-5');
    await page.getByTestId('save-quota').click();
    await page.getByTestId('option-QuotaForNewUser').getByText('Cannot be less than 0').waitFor();
    expect(await newUserQuota.inputValue()).toBe('-5');
    expect(await storedOption(page, 'QuotaForNewUser')).toBe('0');

    const groupRatio = page.getByTestId('option-GroupRatio');
    await groupRatio.locator('textarea').fill('{"vip": 1, " vip": 2}');
    await groupRatio.getByText('The group name " vip" begins or ends with a space; remove the space').waitFor();
  });

  it('unsaved edits in the ratio table survive a save of another section', async () => {
    const page = await operationTab();
    const ratioCell = page.getByTestId('ratio-ratio-gpt-4o');
    await ratioCell.fill('7');
    await page.getByTestId('option-QuotaForNewUser').locator('input').fill('2500');
    const reloaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/option/') && response.request().method() === 'GET',
    );
    expect(await clickAndAwaitPut(page, 'save-quota', '/api/option/')).toMatchObject({ success: true });
    await reloaded;
    // Two frames after the reloaded options arrived: React has rendered them.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await storedOption(page, 'QuotaForNewUser')).toBe('2500');
    expect(await ratioCell.inputValue()).toBe('7');
  });

  it('the add-model dialog reopens in ratio mode after a Cancel in fixed-price mode', async () => {
    const page = await operationTab();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('add-model').click();
    await dialog.getByText('Fixed price', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('add-model').click();
    expect(await dialog.getByLabel('Ratio mode', { exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByTestId('add-model-ratio').isEnabled()).toBe(true);
    expect(await dialog.getByTestId('add-model-price').isDisabled()).toBe(true);
  });

  it('a model with neither a price nor a ratio is refused with the reason instead of vanishing', async () => {
    const page = await operationTab();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('add-model').click();
    await dialog.getByTestId('add-model-name').fill('gpt-4o-bare');
    await dialog.getByTestId('add-model-ok').click();
    await dialog.getByText('Fill in a fixed price or a model ratio').waitFor();
    await dialog.getByTestId('add-model-ratio').fill('2');
    await dialog.getByTestId('add-model-ok').click();
    await dialog.waitFor({ state: 'hidden' });

    const ratioCell = page.getByTestId('ratio-ratio-gpt-4o');
    await ratioCell.fill('');
    await page.getByTestId('save-ratio-table').click();
    await page
      .getByText(
        '"gpt-4o" has neither a fixed price nor a model ratio and would be dropped on saving; fill in one of them',
      )
      .waitFor();
    await ratioCell.fill('7');
    expect(await clickAndAwaitPut(page, 'save-ratio-table', '/api/option/')).toMatchObject({ success: true });
    await expect
      .poll(async () => JSON.parse((await storedOption(page, 'ModelRatio')) ?? '{}') as Record<string, number>)
      .toMatchObject({
        'gpt-4o': 7,
        'gpt-4o-bare': 2,
      });
  });

  it('the system tab: a top-up price must be above 0, GitHub sign-in needs its client id', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await page.goto('/setting?tab=system');

    const price = page.getByTestId('option-Price').locator('input');
    await price.fill('-1');
    await page.getByTestId('save-payment').click();
    await page.getByTestId('option-Price').getByText('Cannot be less than 0').waitFor();
    await price.fill('0');
    await page.getByTestId('save-payment').click();
    await page.getByTestId('option-Price').getByText('Must be greater than 0').waitFor();
    expect(await storedOption(page, 'Price')).toBe('7.3');

    await page.getByTestId('option-GitHubOAuthEnabled').getByRole('switch').click();
    expect(await clickAndAwaitPut(page, 'save-access', '/api/option/')).toEqual({
      success: false,
      message: 'Fill in the GitHub client ID and client secret before turning GitHub sign-in on',
    });
    await page
      .getByText('Fill in the GitHub client ID and client secret before turning GitHub sign-in on')
      .first()
      .waitFor();
    expect(await storedOption(page, 'GitHubOAuthEnabled')).toBe('false');
  });

  it('the user list shows every column at 1280 px, nothing covered or clipped', async () => {
    const { page } = await harness.openAsRoot('en-US');
    const created = await rootCall(page, 'POST', '/api/user/', {
      username: 'wide-user',
      display_name: 'Display Name Twenty',
      password: 'password123',
    });
    expect(created).toMatchObject({ success: true });
    await page.goto('/user');
    const row = page.getByTestId('user-table').locator('tr', { hasText: 'wide-user' });
    await row.waitFor();

    // Each cell's content is whole inside the cell, and the point at its middle shows the cell itself.
    const hidden = await row.evaluate((tr) =>
      [...tr.querySelectorAll('td')].flatMap((cell, index) => {
        const box = cell.getBoundingClientRect();
        const probe = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const covered = !probe || !cell.contains(probe);
        const clipped = cell.scrollWidth > cell.clientWidth + 1 || box.right > window.innerWidth;
        return covered || clipped
          ? [`column ${index + 1} (${cell.textContent ?? ''}): ${covered ? 'covered' : 'clipped'}`]
          : [];
      }),
    );
    expect(hidden).toEqual([]);
    expect(await row.getByText('User', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByTestId('user-status').isVisible()).toBe(true);
  });
});
