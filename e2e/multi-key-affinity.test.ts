import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsFolder } from './support/paths';
import { useConsoleHarness } from './support/console-harness';

/** The answer of the next multi-key manage call the page sends. */
const nextManage = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/channel/multi_key/manage') && response.request().method() === 'POST',
  );

describe('multi-key channels and channel affinity in Chromium', () => {
  const harness = useConsoleHarness();

  it('root creates a multi-key channel, disables and deletes keys in its dialog, and appends keys in the editor', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await page.goto('/channel');
    await page.getByTestId('channel-add').click();
    await page.getByTestId('channel-name-input').fill('three keys');
    await page.getByTestId('channel-multi-to-single').click();
    await page.getByTestId('channel-multi-key-mode').click();
    await page.locator('.ant-select-item-option', { hasText: 'Polling rotation' }).click();
    await page.getByTestId('channel-key').fill('sk-first-key-aaaa\nsk-second-key-bbbb\nsk-third-key-cccc');
    await page.getByTestId('channel-models').click();
    await page.keyboard.type('gpt-4o-mini');
    await page.keyboard.press('Enter');
    await page.getByTestId('channel-submit').click();
    await page.getByTestId('channel-key').waitFor({ state: 'detached' });

    const row = page.locator('tr', { has: page.getByText('three keys', { exact: true }) });
    await row.getByTestId('channel-multi-key').hover();
    await page.getByRole('tooltip', { name: 'Polling rotation' }).waitFor();
    expect(await row.getByTestId('channel-multi-key').textContent()).toContain('(3)');
    await row.getByTestId('channel-multi-key').click();

    const table = page.getByTestId('multi-key-table');
    await table.getByText('sk-first-k...').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);

    let answered = nextManage(page);
    await table.getByTestId('key-disable-1').click();
    expect(await (await answered).json()).toMatchObject({ success: true });
    await table.getByTestId('key-enable-1').waitFor();
    expect(await page.getByTestId('multi-key-counts').textContent()).toMatch(
      /Enabled2Manually disabled1Auto-disabled0/,
    );

    // Filtered to manually disabled keys: only key #1.
    await page.getByTestId('multi-key-filter').click();
    await page.locator('.ant-select-item-option', { hasText: 'Manual Disabled' }).click();
    // Polled on the rows' text: while the filtered page loads, the table shows one "No data" row.
    await expect
      .poll(() => table.locator('tbody tr').allTextContents())
      .toEqual([expect.stringContaining('sk-second')]);

    answered = nextManage(page);
    await table.getByTestId('key-delete-1').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    expect(await (await answered).json()).toMatchObject({ success: true });
    await mkdir(artifactsFolder, { recursive: true });
    await page.screenshot({ path: `${artifactsFolder}/multi-key-dialog.png` });
    await page.locator('.ant-modal-close').click();

    // The editor appends keys to the two left.
    await row.getByTestId('channel-more').click();
    await page.getByTestId('channel-edit').click();
    await page.getByTestId('channel-multi-key-notice').waitFor();
    expect(await page.getByTestId('channel-multi-key-notice').textContent()).toContain('2 keys');
    await page.getByTestId('channel-key').fill('sk-fourth-key-dddd');
    await page.getByTestId('channel-submit').click();
    await page.getByTestId('channel-key').waitFor({ state: 'detached' });
    await expect.poll(async () => row.getByTestId('channel-multi-key').textContent()).toContain('(3)');
    await row.getByTestId('channel-multi-key').click();
    await table.getByText('sk-fourth-...').waitFor();
    expect(await table.locator('tbody tr').allTextContents()).toEqual([
      expect.stringContaining('sk-first-k...'),
      expect.stringContaining('sk-third-k...'),
      expect.stringContaining('sk-fourth-...'),
    ]);
  });

  it('root edits the affinity rules: a template, a new rule from the editor, a refused pattern, saved and read back', async () => {
    const { page } = await harness.openAsRoot('zh-CN');
    await page.goto('/setting?tab=operation');
    const section = page.getByTestId('section-channelAffinity');
    await section.scrollIntoViewIfNeeded();
    const rules = page.getByTestId('affinity-rules');
    await rules.getByText('claude cli trace', { exact: true }).waitFor();

    // A rule whose model pattern does not compile is refused in the editor, in Chinese.
    await page.getByTestId('affinity-rule-add').click();
    await page.getByTestId('affinity-rule-name').fill('session header');
    await page.getByTestId('affinity-rule-models').fill('(gpt');
    await page.getByTestId('affinity-source-type-0').click();
    await page.locator('.ant-select-item-option', { hasText: '请求头' }).click();
    await page.getByTestId('affinity-source-value-0').fill('X-Session-Id');
    await page.getByTestId('affinity-rule-submit').click();
    await page.getByText('第 3 条规则的 model_regex 无效', { exact: false }).waitFor();
    await page.getByTestId('affinity-rule-models').fill('^gpt-4o.*$');
    await page.getByTestId('affinity-rule-submit').click();
    await page.getByTestId('affinity-rule-editor').waitFor({ state: 'detached' });
    await rules.getByText('header: X-Session-Id').waitFor();

    await page.getByTestId('affinity-fill-codex').click();
    await rules.getByText('codex cli trace-2', { exact: true }).waitFor();
    await page.getByTestId('affinity-switchOnSuccess').click();

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/option/') && response.request().method() === 'PUT',
    );
    await page.getByTestId('save-channelAffinity').click();
    expect(await (await saved).json()).toMatchObject({ success: true });

    const options = await page.evaluate(async () => {
      const reply = await fetch('/api/option/', { headers: { 'New-Api-User': '1' } });
      return ((await reply.json()) as { data: Array<{ key: string; value: string }> }).data;
    });
    const value = (key: string) => options.find((entry) => entry.key === key)?.value;
    expect(value('channel_affinity_setting.switch_on_success')).toBe('false');
    const stored = JSON.parse(value('channel_affinity_setting.rules') ?? '[]') as Array<{
      name: string;
      key_sources: unknown[];
    }>;
    expect(stored.map((rule) => rule.name)).toEqual([
      'codex cli trace',
      'claude cli trace',
      'session header',
      'codex cli trace-2',
    ]);
    expect(stored[2]?.key_sources).toEqual([{ type: 'request_header', key: 'X-Session-Id' }]);

    // The rules JSON view shows the same list; the cache statistics name the rules.
    await page.getByTestId('affinity-view').getByText('规则 JSON').click();
    expect(JSON.parse(await page.getByTestId('affinity-rules-json').inputValue())).toHaveLength(4);
    await page.getByTestId('affinity-cache-stats').click();
    await page.getByTestId('affinity-cache-total').getByText('0').waitFor();
    await page.getByTestId('affinity-cache-clear-claude cli trace').waitFor();
    await mkdir(artifactsFolder, { recursive: true });
    await page.screenshot({ path: `${artifactsFolder}/affinity-settings.png` });
  });
});
