import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';

describe('daily check-in in Chromium', () => {
  const harness = useConsoleHarness();

  it('root turns check-in on in the operation settings; a user checks in from the personal tab once, and the day shows its reward', async () => {
    const asRoot = await harness.addUser('early-bird', 'early-bird-1');

    const admin = await harness.openAsRoot('zh-CN');
    await admin.page.goto('/setting?tab=operation');
    const section = admin.page.getByTestId('section-checkin');
    await section.getByRole('switch').click();
    await section.getByTestId('option-checkin_setting.min_quota').locator('input').fill('250000');
    await section.getByTestId('option-checkin_setting.max_quota').locator('input').fill('250000');
    await section.getByTestId('save-checkin').click();
    await expect
      .poll(async () => (await asRoot<{ checkin_enabled: boolean }>('GET', '/status')).data?.checkin_enabled)
      .toBe(true);
    const saved = await asRoot<Array<{ key: string; value: string }>>('GET', '/option/');
    expect(saved.data?.find((option) => option.key === 'checkin_setting.max_quota')?.value).toBe('250000');

    const session = await harness.openAs('early-bird', 'early-bird-1', 'en-US');
    const page = session.page;
    await page.goto('/setting?tab=personal');
    const card = page.getByTestId('checkin-card');
    await card.getByTestId('checkin-button').click();
    await page.getByText('Checked in: $0.50 added to your balance').waitFor();
    await card.getByTestId('checkin-day').getByText('$0.50').waitFor();
    await expect.poll(async () => card.getByTestId('checkin-button').isDisabled()).toBe(true);
    expect(await card.getByTestId('checkin-button').textContent()).toContain('Checked in today');
  });
});
