import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addFakeChannel } from './support/channels';
import { ROOT_HEADERS } from './support/console';
import { useConsoleHarness } from './support/console-harness';

async function storedChannel(page: Page, name: string): Promise<{ id: number; priority: number; weight: number }> {
  const reply = await page.request.get(`/api/channel/search?keyword=${encodeURIComponent(name)}`, {
    headers: ROOT_HEADERS,
  });
  const channels = (
    (await reply.json()) as { data: Array<{ id: number; name: string; priority: number; weight: number }> }
  ).data;
  const channel = channels.find((entry) => entry.name === name);
  if (!channel) throw new Error(`no channel ${name}`);
  return channel;
}

/** Types into the cell of the channel's row and commits with Enter. */
async function typeInCell(page: Page, testId: string, value: string): Promise<void> {
  const input = page.getByTestId(testId).first();
  await input.fill(value);
  await input.press('Enter');
}

describe('inline priority and weight edits in the channel list (spec 001 §9)', () => {
  const harness = useConsoleHarness();

  it('refuses a negative weight and a priority below -999 with the reason, and keeps the stored values', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await addFakeChannel(page, 'http://127.0.0.1:9', 'gpt-4o-mini', 'inline edits');
    await page.goto('/channel');
    await page.getByTestId('channel-weight').first().waitFor();

    await typeInCell(page, 'channel-weight', '-3');
    await page.getByText('Weight must be a non-negative integer').waitFor();
    expect(await page.getByTestId('channel-weight').first().inputValue()).toBe('0');

    // Before: the field clamped what was typed, so -1000 was stored as -100 and shown "saved".
    await typeInCell(page, 'channel-priority', '-1000');
    await page.getByText('Priority must be an integer of at least -999').waitFor();
    expect(await page.getByTestId('channel-priority').first().inputValue()).toBe('0');
    expect(await storedChannel(page, 'inline edits')).toMatchObject({ priority: 0, weight: 0 });

    await typeInCell(page, 'channel-priority', '-999');
    await expect.poll(async () => (await storedChannel(page, 'inline edits')).priority).toBe(-999);
  });

  it('says "submit failed, do not resubmit" when the save of a new channel gets no answer (spec 001 §8)', async () => {
    const { page } = await harness.openAsRoot('en-US', '/channel');
    await page.getByTestId('channel-add').click();
    await page.getByTestId('channel-name-input').fill('lost on the way');
    await page.getByTestId('channel-base-url').fill('http://127.0.0.1:9');
    await page.getByTestId('channel-key').fill('sk-upstream');
    await page.getByTestId('channel-models').locator('input').fill('gpt-4o-mini');
    await page.keyboard.press('Enter');
    // The connection drops before any reply: the channel may or may not have been saved.
    await page.route('**/api/channel/', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
    );
    await page.getByTestId('channel-submit').click();
    await page.getByText('Submit failed, do not resubmit').waitFor();
  });

  it('asks a type 18 channel for its model version, which an empty field leaves at v2.1', async () => {
    const { page } = await harness.openAsRoot('en-US', '/channel');
    await page.getByTestId('channel-add').click();
    await page.getByTestId('channel-type').click();
    await page.keyboard.type('iFlytek');
    await page.keyboard.press('Enter');
    const version = page.getByTestId('channel-other');
    await version.waitFor();
    expect(await version.getAttribute('placeholder')).toBe('v2.1');
    expect(await page.getByText('Model version', { exact: true }).count()).toBe(1);
  });
});

describe('the pricing page (spec 001 "Pricing page")', () => {
  const harness = useConsoleHarness();

  it('shows the ratio explanation picture in the console language', async () => {
    for (const [locale, label] of [
      ['en-US', 'Completion ratio'],
      ['zh-CN', '补全倍率'],
    ] as const) {
      const session = await harness.open(locale);
      const page = session.page;
      await page.goto('/pricing');
      const diagram = page.getByTestId('pricing-ratio-diagram');
      await diagram.waitFor();
      expect(await diagram.textContent()).toContain(label);
      const box = await diagram.boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      await session.context.close();
    }
  });
});
