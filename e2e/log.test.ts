import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleClient, type ConsoleClient } from '../server/src/testing/console-client';
import { FakeOpenAIUpstream } from '../server/src/testing/fake-openai-upstream';
import { signIn } from '../server/src/testing/test-server';
import { addUser, rootClient } from './support/server';
import { useConsoleHarness } from './support/console-harness';
import { closeDialog, ROOT_HEADERS } from './support/console';

/** Adds a channel to the fake upstream and a token through the console API; answers the token's key. */
async function prepareRelay(page: Page, upstreamUrl: string): Promise<string> {
  const channel = await page.request.post('/api/channel/', {
    headers: ROOT_HEADERS,
    data: {
      type: 1,
      name: 'fake upstream',
      key: 'sk-upstream',
      base_url: upstreamUrl,
      models: 'gpt-4o-mini',
      group: 'default',
    },
  });
  expect(await channel.json()).toMatchObject({ success: true });
  const token = await page.request.post('/api/token/', {
    headers: ROOT_HEADERS,
    data: { name: 'e2e key', unlimited_quota: true },
  });
  const created = (await token.json()) as { success: boolean; data: Array<{ key: string }> };
  expect(created.success).toBe(true);
  return `sk-${created.data[0]?.key}`;
}

/** A token of the signed-in owner of `client`; answers the key a client sends. */
async function createKey(client: ConsoleClient, name: string): Promise<string> {
  const created = await client<Array<{ key: string }>>('POST', '/token/', { name, unlimited_quota: true });
  expect(created, name).toMatchObject({ success: true });
  return `sk-${created.data?.[0]?.key}`;
}

async function chat(baseUrl: string, apiKey: string, stream: boolean): Promise<void> {
  const response = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

describe('usage logs and the dashboard in Chromium', () => {
  const harness = useConsoleHarness();
  const upstream = new FakeOpenAIUpstream().forTests();
  upstream.behaviour = { promptTokens: 12, completionTokens: 8 };

  it('shows relayed calls on /log and in the /detail charts', async () => {
    const session = await harness.openAsRoot('en-US');
    const page = session.page;
    const apiKey = await prepareRelay(page, upstream.url);
    await chat(harness.server.baseUrl, apiKey, false);
    await chat(harness.server.baseUrl, apiKey, true);
    // Log rows are written behind, within about a second.
    const logged = async () => {
      const reply = await page.request.get('/api/log/?type=2', { headers: ROOT_HEADERS });
      return ((await reply.json()) as { data: { total: number } }).data.total;
    };
    await expect.poll(logged, { timeout: 5000, interval: 250 }).toBe(2);

    await page.goto('/log');
    const table = page.getByTestId('log-table');
    const rows = table.locator('tr.ant-table-row', { hasText: 'gpt-4o-mini' });
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(2);
    expect(await rows.first().textContent()).toContain('e2e key');
    expect(await table.getByTestId('log-stream').allTextContents()).toEqual(['Stream', 'Non-stream']);
    expect(await page.getByTestId('log-stat-rpm').textContent()).toBe('RPM: 2');
    expect(await page.getByTestId('log-stat-tpm').textContent()).toBe('TPM: 40');
    expect(await table.getByTestId('log-username').first().textContent()).toBe('root');

    await rows.first().locator('.ant-table-row-expand-icon').click();
    const detail = page.getByTestId('log-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('Prompt 12, completion 8');
    expect(await detail.textContent()).toMatch(/\(12 \+ 8 × [\d.]+\) × [\d.]+ × 1 = [\d.]+/);

    await page.getByTestId('log-filter-type').click();
    await page.locator('.ant-select-item-option', { hasText: 'Top-up' }).click();
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(0);

    await page.goto('/detail');
    await expect.poll(() => page.getByTestId('detail-total-count').textContent(), { timeout: 5000 }).toContain('2');
    expect(await page.getByTestId('detail-total-tokens').textContent()).toContain('40');
    const consumption = page.getByTestId('detail-consumption-chart');
    await consumption.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await consumption.locator('.recharts-legend-item-text').allTextContents()).toEqual(['gpt-4o-mini']);
    await page.getByTestId('detail-calls-chart').locator('.recharts-line-dots circle').first().waitFor();
    expect(await page.getByTestId('detail-model-table').textContent()).toContain('gpt-4o-mini');

    // The charts follow the console's theme: the axis text changes colour in dark mode.
    const tickColour = () => consumption.locator('.recharts-cartesian-axis-tick-value').first().getAttribute('fill');
    const light = await tickColour();
    await page.getByTestId('theme-switch').click();
    await expect.poll(tickColour).not.toBe(light);
    expect(session.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });

  it("opens the information of the user behind an entry, root's own included", async () => {
    const server = harness.server;
    const asRoot = await rootClient(server);
    const channel = {
      type: 1,
      name: 'fake upstream for carol',
      key: 'sk-upstream',
      base_url: upstream.url,
      models: 'gpt-4o-mini',
      group: 'default',
    };
    expect(await asRoot('POST', '/channel/', channel)).toMatchObject({ success: true });
    await addUser(asRoot, 'carol', 'carol-pass-1');
    const found = await asRoot<{ items: Array<{ id: number }> }>('GET', '/user/search?keyword=carol');
    const carolId = found.data?.items[0]?.id ?? 0;
    // 1234567 units are $2.47 at 500000 units a dollar; one small call leaves it at $2.47.
    expect(await asRoot('PUT', '/user/', { id: carolId, quota: 1_234_567 })).toMatchObject({ success: true });

    const asCarol = consoleClient(server, await signIn(server, 'carol', 'carol-pass-1'));
    await chat(server.baseUrl, await createKey(asCarol, 'carol key'), false);
    await chat(server.baseUrl, await createKey(asRoot, 'root key'), false);
    // Log rows and the user's counters are written behind, within about a second.
    const carolCalls = async () =>
      (await asRoot<{ request_count: number }>('GET', `/user/${carolId}`)).data?.request_count;
    await expect.poll(carolCalls, { timeout: 5000, interval: 250 }).toBe(1);
    const loggedUsers = async () =>
      (await asRoot<{ items: Array<{ username: string }> }>('GET', '/log/?type=2')).data?.items.map(
        (entry) => entry.username,
      );
    await expect.poll(loggedUsers, { timeout: 5000, interval: 250 }).toEqual(expect.arrayContaining(['carol', 'root']));

    const session = await harness.openAsRoot('en-US');
    const page = session.page;
    await page.goto('/log');
    const names = page.getByTestId('log-table').getByTestId('log-username');
    await names
      .filter({ hasText: /^carol$/ })
      .first()
      .click();
    const dialog = page.getByTestId('log-user-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.ant-descriptions-item-label').allTextContents()).toEqual([
      'Username',
      'Balance',
      'Used quota',
      'Requests',
      'Group',
    ]);
    expect(await dialog.locator('.ant-descriptions-item-content').allTextContents()).toEqual([
      'carol',
      '$2.47',
      '$0.00',
      '1',
      'default',
    ]);
    await closeDialog(page, dialog);

    // Root is exempt from the same-or-higher rule, as in the reference: its own name opens its own record.
    await names
      .filter({ hasText: /^root$/ })
      .first()
      .click();
    await dialog.waitFor();
    const rootFields = await dialog.locator('.ant-descriptions-item-content').allTextContents();
    expect([rootFields[0], rootFields[4]]).toEqual(['root', 'default']);
    expect(await page.getByTestId('log-user-dialog-error').count()).toBe(0);
    expect(session.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });
});
