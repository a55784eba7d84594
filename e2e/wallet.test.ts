import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';

/** The dollars the wallet's balance shows. */
async function shownBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('topup-balance').textContent()) ?? '';
  const match = /\$(\d+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`no balance in "${text}"`);
  return Number(match[1]);
}

describe('wallet in Chromium', () => {
  const harness = useConsoleHarness();

  it('creates codes, downloads them as a text file and redeems one on /topup', async () => {
    const { page, errors } = await harness.openAsRoot('en-US', '/redemption');
    await page.getByTestId('redemption-add').click();
    await page.getByTestId('redemption-name').fill('Spring promo');
    await page.getByTestId('redemption-quota').fill('1000000');
    await page.getByTestId('redemption-count').fill('3');
    await page.getByTestId('redemption-submit').click();
    await page.getByText('3 codes created').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('redemption-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Spring promo.txt');
    const codes = (await readFile(await download.path(), 'utf8')).split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(codes).size).toBe(3);
    await page.getByText('Close', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('redemption-table').locator('tr', { hasText: 'Spring promo' }).count())
      .toBe(3);

    await page.goto('/topup');
    await page.getByTestId('topup-balance').waitFor();
    const before = await shownBalance(page);
    await page.getByTestId('topup-code').fill(codes[0] ?? '');
    await page.getByTestId('topup-redeem').click();
    await page.getByText('Redeemed: $2.00 added to your balance').waitFor();
    await expect.poll(() => shownBalance(page)).toBeCloseTo(before + 2, 2);

    // Redeeming the same code again is refused and changes nothing.
    await page.getByTestId('topup-code').fill(codes[0] ?? '');
    await page.getByTestId('topup-redeem').click();
    await page.getByText('This redemption code has already been used').waitFor();
    expect(await shownBalance(page)).toBeCloseTo(before + 2, 2);

    // After a reload the balance comes from the server again.
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('topup-balance').waitFor();
        return shownBalance(page);
      })
      .toBeCloseTo(before + 2, 2);

    await page.goto('/redemption');
    const usedRow = page
      .getByTestId('redemption-table')
      .locator('tr')
      .filter({ has: page.getByTestId('redemption-status').getByText('Used', { exact: true }) });
    await usedRow.waitFor();
    // Cells: selection, id, name, status, quota, created, redeemer id, actions; root (id 1) redeemed it.
    expect(await usedRow.locator('td').nth(6).textContent()).toBe('1');
    // Edit sits in the row's "more" menu, which opens beside the row.
    await usedRow.getByTestId('redemption-more').click();
    const edit = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('redemption-edit');
    expect(await edit.locator('xpath=ancestor::li[1]').getAttribute('aria-disabled')).toBe('true');
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });
});
