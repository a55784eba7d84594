import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';
import { recordFailedCalls, signInAsRoot } from './support/console';

const FULL_KEY = /^sk-[0-9a-zA-Z]{48}$/;
// Another area serves these; until it does, the drawer falls back to the user's own group and typed models.
const OPTIONAL_PATHS = new Set(['/api/user/models', '/api/user/self/groups']);

/** Adds a token through the drawer and waits for its row. */
async function createToken(page: Page, name: string): Promise<void> {
  await page.getByTestId('token-add').click();
  await page.getByTestId('token-name').fill(name);
  await page.getByTestId('token-quota-5000000').click();
  await page.getByTestId('token-submit').click();
  await page.getByTestId('token-table').getByText(name, { exact: true }).waitFor();
}

/**
 * What the copy action produced: the clipboard when the browser allowed it, else the manual-copy dialog.
 * The whole key is fetched first (lists carry masked keys), so the copy lands a moment after the click.
 */
async function copiedText(page: Page, copy: () => Promise<void>): Promise<string> {
  await page.evaluate(async () => navigator.clipboard.writeText('')).catch(() => undefined);
  await copy();
  const manual = page.getByTestId('manual-copy-text');
  let text = '';
  await expect
    .poll(
      async () => {
        text = await page.evaluate(async () => navigator.clipboard.readText()).catch(() => '');
        return text !== '' || (await manual.isVisible());
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return text || manual.inputValue();
}

describe('tokens in Chromium', () => {
  const harness = useConsoleHarness();

  it('creates a token and copies its key as sk- and 48 characters', async () => {
    const session = await harness.open();
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.baseUrl });
    const page = session.page;
    const failedCalls = recordFailedCalls(page, OPTIONAL_PATHS);
    await signInAsRoot(page);
    await createToken(page, 'browser token');

    const row = page.getByTestId('token-table').locator('tr', { hasText: 'browser token' });
    expect(await row.getByTestId('token-status').textContent()).toBe('已启用');
    expect(await row.textContent()).toContain('$10.00');

    expect(await copiedText(page, () => row.getByTestId('token-copy').click())).toMatch(FULL_KEY);

    // Viewing the key sits in the row's "more" menu, which opens beside the row.
    await row.getByTestId('token-more').click();
    await page.getByTestId('token-view-key').click();
    const shown = await page.getByTestId('token-key-text').textContent();
    expect(shown).toMatch(FULL_KEY);
    expect(failedCalls).toEqual([]);
    expect(session.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('refuses a token without a name in the drawer and disables one from the row', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await page.getByTestId('token-add').click();
    await page.getByTestId('token-submit').click();
    await page.getByText('Please enter a token name').first().waitFor();
    await page.keyboard.press('Escape');

    await createToken(page, 'to disable');
    const row = page.getByTestId('token-table').locator('tr', { hasText: 'to disable' });
    await row.getByTestId('token-more').click();
    await page.getByTestId('token-toggle').click();
    await row.getByTestId('token-status').getByText('Disabled').waitFor();
  });
});
