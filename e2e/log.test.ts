import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../server/src/testing/fake-openai-upstream';
import { useConsoleHarness } from './support/console-harness';
import { signInAsRoot } from './support/console';

const ROOT_HEADERS = { 'New-Api-User': '1' };

/** Adds a channel to the fake upstream and a token through the console API; answers the token's key. */
async function prepareRelay(page: Page, upstreamUrl: string): Promise<string> {
  const channel = await page.request.post('/api/channel/', {
    headers: ROOT_HEADERS,
    data: { type: 1, name: 'fake upstream', key: 'sk-upstream', base_url: upstreamUrl, models: 'gpt-4o-mini', group: 'default' },
  });
  expect(await channel.json()).toMatchObject({ success: true });
  const token = await page.request.post('/api/token/', { headers: ROOT_HEADERS, data: { name: 'e2e key', unlimited_quota: true } });
  const created = (await token.json()) as { success: boolean; data: Array<{ key: string }> };
  expect(created.success).toBe(true);
  return `sk-${created.data[0]?.key}`;
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
  let upstream: FakeOpenAIUpstream;
  beforeAll(async () => {
    upstream = await new FakeOpenAIUpstream().start();
    upstream.behaviour = { promptTokens: 12, completionTokens: 8 };
  });
  afterAll(() => upstream.stop());

  it('shows relayed calls on /log and in the /detail charts', async () => {
    const session = await harness.open('en-US');
    const page = session.page;
    await signInAsRoot(page);
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
});
