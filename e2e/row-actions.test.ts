import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT_HEADERS } from './support/console';
import { useConsoleHarness } from './support/console-harness';

/** Screenshots for a person to look at; the assertions below do not depend on them. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

/** One of everything the admin tables list, through the console API as root. */
async function seed(page: Page): Promise<void> {
  const calls: Array<[path: string, method: 'post' | 'put', data: Record<string, unknown>]> = [
    [
      '/api/channel/',
      'post',
      {
        type: 1,
        name: 'a channel with a fairly long name',
        key: 'sk-upstream',
        base_url: 'http://127.0.0.1:9',
        models: 'gpt-4o-mini,gpt-4o',
        group: 'default',
      },
    ],
    ['/api/token/', 'post', { name: 'a token with a fairly long name', unlimited_quota: true }],
    ['/api/redemption/', 'post', { name: 'welcome code', quota: 500_000, count: 1 }],
    ['/api/user/', 'post', { username: 'wide-table', display_name: 'Long display name', password: 'wide-table-1' }],
  ];
  for (const [path, method, data] of calls) {
    const reply = await page.request[method](path, { headers: ROOT_HEADERS, data });
    expect(await reply.json(), path).toMatchObject({ success: true });
  }
  // Adding quota writes a management log entry for the log table.
  const users = (await (
    await page.request.get('/api/user/search?keyword=wide-table', { headers: ROOT_HEADERS })
  ).json()) as { data: { items: Array<{ id: number }> } };
  const added = await page.request.put('/api/user/', {
    headers: ROOT_HEADERS,
    data: { id: users.data.items[0]?.id, add_quota: 1_000_000 },
  });
  expect(await added.json()).toMatchObject({ success: true });
}

/**
 * The controls that are not fully inside the window or are covered where a click would land
 * (a column cut off by the table's own sideways scroll counts as covered).
 */
async function hiddenControls(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const rect = element.getBoundingClientRect();
      const label = (element.textContent ?? '').trim() || element.getAttribute('aria-label') || element.className;
      if (rect.left < 0 || rect.right > window.innerWidth)
        return [`${label}: outside the window (${Math.round(rect.left)}..${Math.round(rect.right)})`];
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return hit && element.contains(hit) ? [] : [`${label}: covered or cut off`];
    }),
  );
}

describe('row actions of every admin table at 1280 x 800 in Chromium', () => {
  const harness = useConsoleHarness();

  it('channels, tokens, redemption codes, users and logs keep every row action in view without a sideways scroll', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await seed(page);
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });

    const tables: Array<[path: string, table: string, controls: (row: Locator) => Locator]> = [
      ['/channel', 'channel-table', (row) => row.locator('td').last().locator('button')],
      ['/token', 'token-table', (row) => row.locator('td').last().locator('button')],
      ['/redemption', 'redemption-table', (row) => row.locator('td').last().locator('button')],
      ['/user', 'user-table', (row) => row.locator('td').last().locator('button')],
      ['/log', 'log-table', (row) => row.locator('button.ant-table-row-expand-icon, [data-testid="log-username"]')],
    ];
    const hidden: Record<string, string[]> = {};
    for (const [path, table, controls] of tables) {
      await page.goto(path);
      const row = page.getByTestId(table).locator('tr.ant-table-row').first();
      await row.waitFor();
      const found = controls(row);
      expect(await found.count(), path).toBeGreaterThan(0);
      // Bring the row into the window vertically only: a sideways scroll is what must not be needed.
      await row.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 200));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${table}-1280.png` });
      hidden[path] = await hiddenControls(found);
    }
    expect(hidden).toEqual(Object.fromEntries(tables.map(([path]) => [path, []])));
  });
});
