import { completionPricePerMillion, promptPricePerMillion } from '@switchboard/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addFakeChannel } from './support/channels';
import { useConsoleHarness } from './support/console-harness';

/** Clicks a section's save button and waits until every PUT it sent has answered. */
async function saveSection(page: Page, name: string): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/option/') && response.request().method() === 'PUT',
  );
  await page.getByTestId(`save-${name}`).click();
  expect(await (await saved).json()).toMatchObject({ success: true });
}

describe('settings in Chromium', () => {
  const harness = useConsoleHarness();

  it('root renames the system and the top bar follows; an announcement shows without running its script', async () => {
    const { page } = await harness.openAsRoot('en-US', '/setting?tab=other');

    await page.getByTestId('option-SystemName').locator('input').fill('Acme Gateway');
    await saveSection(page, 'branding');
    await expect.poll(() => page.getByTestId('brand').textContent()).toBe('Acme Gateway');

    await page
      .getByTestId('option-Notice')
      .locator('textarea')
      .fill(
        '**Heads up** <script>window.announcementRan = true</script><img src="/missing.png" onerror="window.announcementRan = true">',
      );
    await saveSection(page, 'notice');

    await page.goto('/');
    const notice = page.getByTestId('home-notice');
    expect(await notice.locator('strong').textContent()).toBe('Heads up');
    expect(await notice.locator('script').count()).toBe(0);
    expect(await notice.locator('img').getAttribute('onerror')).toBeNull();
    expect(await page.evaluate(() => (window as { announcementRan?: boolean }).announcementRan)).toBeUndefined();
    expect(await page.getByTestId('brand').textContent()).toBe('Acme Gateway');
  });

  it('a model ratio saved in the table editor is the price /pricing shows', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await addFakeChannel(page, 'http://127.0.0.1:9', 'gpt-4o,dall-e-3', 'priced channel');

    await page.goto('/setting?tab=operation');
    await page.getByTestId('ratio-search').locator('input').fill('gpt-4o');
    await page.getByTestId('ratio-ratio-gpt-4o').fill('3');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/option/') && response.request().method() === 'PUT',
    );
    await page.getByTestId('save-ratio-table').click();
    expect(await (await saved).json()).toMatchObject({ success: true });

    await page.goto('/pricing');
    // gpt-4o: model ratio 3 (just saved), completion ratio 4 (default), group "default" ratio 1
    const prompt = promptPricePerMillion(3, 1);
    const completion = completionPricePerMillion(3, 4, 1);
    expect([prompt, completion]).toEqual([6, 24]);
    expect(await page.getByTestId('price-gpt-4o').textContent()).toBe(
      `Prompt $${prompt} / 1M tokensCompletion $${completion} / 1M tokens`,
    );
    expect(await page.getByTestId('price-dall-e-3').textContent()).toBe('$0.04 / call');
  });
});
