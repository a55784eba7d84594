import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../server/src/testing/fake-openai-upstream';
import { useConsoleHarness } from './support/console-harness';
import { ROOT_HEADERS, signInAsRoot } from './support/console';
import { startFailingProxy } from './support/failing-proxy';

/** Screenshots for a person to look at; the assertions do not depend on them. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
type Size = typeof DESKTOP;
const sizeName = (size: Size) => `${size.width}`;

/** A working channel (the fake upstream), a broken one, a token, a code, a user, and one billed call. */
async function seed(page: Page, upstreamUrl: string, serverUrl: string): Promise<void> {
  const calls: Array<[path: string, data: Record<string, unknown>]> = [
    [
      '/api/channel/',
      {
        type: 1,
        name: 'a working upstream with a long name',
        key: 'sk-upstream',
        base_url: upstreamUrl,
        models: 'gpt-4o-mini,gpt-4o',
        group: 'default',
      },
    ],
    [
      '/api/channel/',
      {
        type: 14,
        name: 'an upstream that is down',
        key: 'sk-down',
        base_url: 'http://127.0.0.1:9',
        models: 'claude-3-haiku',
        group: 'default',
        tag: 'backup',
      },
    ],
    ['/api/token/', { name: 'a token with a fairly long name', unlimited_quota: true }],
    ['/api/redemption/', { name: 'welcome code', quota: 500_000, count: 1 }],
    ['/api/user/', { username: 'phone-user', display_name: 'A person on a phone', password: 'phone-user-1' }],
  ];
  let key = '';
  for (const [path, data] of calls) {
    const reply = (await (await page.request.post(path, { headers: ROOT_HEADERS, data })).json()) as {
      success: boolean;
      data?: unknown;
    };
    expect(reply, path).toMatchObject({ success: true });
    if (path === '/api/token/') key = (reply.data as Array<{ key: string }>)[0]?.key ?? '';
  }
  const response = await fetch(`${serverUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

/** Elements not fully inside the window sideways, or covered where a click would land (a pinned column counts). */
async function hiddenOnes(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((all) =>
    all.flatMap((element) => {
      // Bring it into the window vertically only: a sideways scroll is what must not be needed.
      window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 2);
      const rect = element.getBoundingClientRect();
      const label = (element.textContent ?? '').trim().slice(0, 40) || element.className;
      if (rect.width === 0) return [];
      if (rect.left < 0 || rect.right > window.innerWidth + 0.5)
        return [`${label}: outside the window (${Math.round(rect.left)}..${Math.round(rect.right)})`];
      const hit = document.elementFromPoint(rect.left + Math.min(rect.width / 2, 12), rect.top + rect.height / 2);
      return hit && element.contains(hit) ? [] : [`${label}: covered`];
    }),
  );
}

interface ListCase {
  path: string;
  table: string;
  /** What identifies a row and tells its state: shown on a phone card's heading. */
  fields: string[];
}

const LISTS: ListCase[] = [
  { path: '/channel', table: 'channel-table', fields: ['name', 'status'] },
  { path: '/token', table: 'token-table', fields: ['name', 'status'] },
  { path: '/redemption', table: 'redemption-table', fields: ['name', 'status'] },
  { path: '/user', table: 'user-table', fields: ['username', 'status'] },
  { path: '/log', table: 'log-table', fields: ['time', 'type'] },
];

/** Header cells and first-row cells of the table (no selection or expander cells), or the phone card's heading fields. */
function watched(page: Page, list: ListCase, size: Size): Locator {
  const table = page.getByTestId(list.table);
  if (size === PHONE)
    return table
      .locator('[data-testid="data-card"]')
      .first()
      .locator(list.fields.map((field) => `[data-card-field="${field}"]`).join(','));
  const skip = ':not(.ant-table-selection-column):not(.ant-table-row-expand-icon-cell)';
  return table.locator(`thead th${skip}, tr.ant-table-row:first-of-type > td${skip}`);
}

describe('the console at 1440 x 900 and 390 x 844, in Chinese and English (issue 40)', () => {
  const harness = useConsoleHarness();
  const upstream = new FakeOpenAIUpstream().forTests();
  upstream.behaviour = { promptTokens: 1234, completionTokens: 567 };
  let seeded = false;
  /** Seeds the shared server once, whichever test runs first. */
  const seedOnce = async (page: Page) => {
    if (seeded) return;
    await seed(page, upstream.url, harness.server.baseUrl);
    seeded = true;
  };
  /** Signs in as root on the seeded server with data export on. */
  const signInWithExport = async (page: Page) => {
    await signInAsRoot(page);
    await seedOnce(page);
    await page.request.put('/api/option/', {
      headers: ROOT_HEADERS,
      data: { key: 'DataExportEnabled', value: 'true' },
    });
  };

  it('shows every list with its name and status on screen, no column under another, and a red "failed" for a failed test', async () => {
    const first = await harness.openAsRoot('en-US');
    await seedOnce(first.page);
    const hidden: Record<string, string[]> = {};
    for (const locale of ['zh-CN', 'en-US']) {
      const { page } = await harness.openAsRoot(locale);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        for (const list of LISTS) {
          await page.goto(list.path);
          const first =
            size === PHONE
              ? page.getByTestId(list.table).locator('[data-testid="data-card"]').first()
              : page.getByTestId(list.table).locator('tr.ant-table-row').first();
          await first.waitFor();
          const found = watched(page, list, size);
          expect(await found.count(), `${list.path} ${locale} ${size.width}`).toBeGreaterThanOrEqual(
            list.fields.length,
          );
          hidden[`${list.path} ${locale} ${size.width}`] = await hiddenOnes(found);
          if (SHOTS)
            await page.screenshot({
              path: `${SHOTS}/${list.path.slice(1)}-${locale}-${sizeName(size)}.png`,
              fullPage: size === PHONE,
            });
        }
      }
      if (locale === 'en-US') {
        await page.setViewportSize(DESKTOP);
        await page.goto('/channel');
        const down = page
          .getByTestId('channel-table')
          .locator('tr.ant-table-row', { hasText: 'an upstream that is down' });
        await down.getByTestId('channel-test').click();
        await expect.poll(() => down.getByTestId('channel-response-time').textContent()).toBe('Failed');
        expect(await down.getByTestId('channel-response-time').evaluate((tag) => getComputedStyle(tag).color)).toMatch(
          /rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)/,
        );
      }
    }
    expect(hidden).toEqual(Object.fromEntries(Object.keys(hidden).map((key) => [key, []])));
  }, 240_000);

  it('splits the operation settings into sections no taller than a few screens, with a menu that jumps to each', async () => {
    const { page } = await harness.openAsRoot('zh-CN');
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/setting?tab=operation');
      await page.getByTestId('section-general').waitFor();
      const heights = await page
        .locator('.settings-section')
        .evaluateAll((sections) =>
          sections.map(
            (section) =>
              [section.getAttribute('data-testid'), Math.round(section.getBoundingClientRect().height)] as const,
          ),
        );
      expect(heights.length, `${size.width}`).toBeGreaterThanOrEqual(10);
      const tooTall = heights.filter(([, height]) => height > 3 * size.height);
      expect(tooTall, `${size.width}`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/setting-operation-zh-CN-${sizeName(size)}.png` });
    }
    // The menu takes a person to the monitoring section, and its save button is on screen there.
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('settings-menu').getByText('监控设置', { exact: true }).click();
    await expect
      .poll(async () => (await page.getByTestId('section-monitoring').boundingBox())?.y ?? 9999)
      .toBeLessThan(200);
    expect(await hiddenOnes(page.getByTestId('save-monitoring'))).toEqual([]);
  }, 120_000);

  it('uses no native date inputs and rounds money to at most four decimals on the dashboard, the logs and the token editor', async () => {
    const { page } = await harness.open('en-US');
    await signInWithExport(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      for (const path of ['/detail', '/log', '/token']) {
        await page.goto(path);
        if (path === '/detail') await page.getByTestId('detail-total-quota').getByText('$').waitFor();
        if (path === '/log')
          await page
            .getByTestId('log-table')
            .locator(size === PHONE ? '[data-testid="data-card"]' : 'tr.ant-table-row')
            .first()
            .waitFor();
        if (path === '/token') {
          await page.getByTestId('token-add').click();
          await page.getByTestId('token-expiry').waitFor();
        }
        expect(await page.locator('input[type="date"], input[type="datetime-local"]').count(), path).toBe(0);
        const money = await page.locator('body').innerText();
        expect(money.match(/\$\d+\.\d{5,}/g) ?? [], `${path} ${size.width}`).toEqual([]);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${path.slice(1)}-dates-en-US-${sizeName(size)}.png` });
      }
    }
    // Quick ranges come in the app's language.
    const { page: zh } = await harness.openAsRoot('zh-CN');
    await zh.goto('/log');
    await zh.getByTestId('log-filter-range').locator('input').first().click();
    await zh.locator('.ant-picker-presets').getByText('最近 7 天').waitFor();
  }, 180_000);

  it('says a list failed to load and offers a retry that works, on a desktop and on a phone', async () => {
    const proxy = await startFailingProxy(harness.server.baseUrl);
    try {
      const session = await harness.browser.newContext({
        baseURL: proxy.baseUrl,
        locale: 'zh-CN',
        reducedMotion: 'reduce',
        viewport: DESKTOP,
      });
      const page = await session.newPage();
      await signInAsRoot(page);
      await seedOnce(page);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        proxy.failNext('/api/token/', 1);
        await page.goto('/token');
        const retry = page.getByTestId('load-retry');
        await retry.waitFor();
        expect(await page.getByTestId('load-error').innerText()).toContain('加载失败');
        expect(await page.getByText('暂无数据').count()).toBe(0);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/token-failed-zh-CN-${sizeName(size)}.png` });
        await retry.click();
        await page.getByTestId('token-table').getByText('a token with a fairly long name').first().waitFor();
        expect(await page.getByTestId('load-error').count()).toBe(0);
      }
      await session.close();
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('opens every main screen at both sizes in both languages without a page error, its heading on screen', async () => {
    const screens = [
      '/',
      '/detail',
      '/playground',
      '/token',
      '/log',
      '/channel',
      '/user',
      '/topup',
      '/pricing',
      '/setting',
    ];
    for (const locale of ['zh-CN', 'en-US']) {
      const session = await harness.open(locale);
      const page = session.page;
      await signInWithExport(page);
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        for (const path of screens) {
          await page.goto(path);
          const heading = path === '/' ? page.locator('h1, h2').first() : page.locator('h3').first();
          await heading.waitFor();
          expect(await hiddenOnes(heading), `${path} ${locale} ${size.width}`).toEqual([]);
          // Let the charts and lists settle for the picture.
          if (SHOTS) await page.waitForTimeout(400);
          if (SHOTS)
            await page.screenshot({
              path: `${SHOTS}/screen${path === '/' ? '-home' : path.replace('/', '-')}-${locale}-${sizeName(size)}.png`,
            });
        }
      }
      expect(session.errors, locale).toEqual([]);
    }
  }, 300_000);
});
