import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake } from '../server/src/testing/loopback-server';
import { addFakeChannel } from './support/channels';
import { ROOT_HEADERS } from './support/console';
import { useConsoleHarness } from './support/console-harness';
import { artifactsFolder } from './support/paths';

/** An OpenAI-compatible vendor on 127.0.0.1 whose model list the test sets. */
class ListingVendor extends LoopbackFake {
  readonly models: string[] = [];

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.resume();
    response.writeHead(request.url === '/v1/models' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        request.url === '/v1/models'
          ? { object: 'list', data: this.models.map((id) => ({ id })) }
          : { error: { message: 'not found' } },
      ),
    );
  }
}

describe('upstream model updates and the models page in Chromium', () => {
  const harness = useConsoleHarness();
  const vendor = new ListingVendor().forTests();

  it('root checks a channel against its upstream, adds the new model and drops the one gone', async () => {
    vendor.models.push('gpt-4o-mini', 'gpt-5');
    const { page, errors } = await harness.openAsRoot('en-US');
    const id = await addFakeChannel(page, vendor.url, 'gpt-4o-mini,old-model', 'listing vendor');

    await page.goto('/channel');
    const row = page.locator('tr', { has: page.getByText('listing vendor', { exact: true }) });
    await row.getByTestId('channel-more').click();
    await page.getByTestId('channel-model-updates').click();
    const dialog = page.getByTestId('model-update-dialog');
    await dialog.getByText('Not checked yet').waitFor();
    await page.getByTestId('model-update-detect').click();
    await page.getByTestId('model-update-add-list').getByText('gpt-5').waitFor();
    // New models start chosen; removals must be chosen by hand.
    expect(await page.getByTestId('model-update-add-list').getByRole('checkbox', { name: 'gpt-5' }).isChecked()).toBe(
      true,
    );
    await page.getByTestId('model-update-remove-list').getByText('old-model').click();
    await page.screenshot({ path: `${artifactsFolder}/model-update-dialog.png` });
    await page.getByTestId('model-update-apply').click();
    await dialog.getByText("Nothing pending: the channel's models match its upstream").waitFor();

    const channel = await page.request.get(`/api/channel/${id}`, { headers: ROOT_HEADERS });
    expect(((await channel.json()) as { data: { models: string } }).data.models).toBe('gpt-4o-mini,gpt-5');
    expect(errors).toEqual([]);
  });

  it('root adds metadata for a model the channels serve from the missing list, and sees where it is served', async () => {
    const { page, errors } = await harness.openAsRoot('en-US');
    await page.getByTestId('sidebar-models').click();
    await page.waitForURL('**/models');
    const missing = page.getByTestId('model-meta-missing');
    await missing.getByText('gpt-5', { exact: true }).click();
    expect(await page.getByTestId('model-meta-name').inputValue()).toBe('gpt-5');
    await page.getByTestId('model-meta-description').fill('The next model');
    await page.getByTestId('model-meta-save').click();
    await page.getByTestId('model-meta-name').waitFor({ state: 'detached' });

    const row = page.getByTestId('model-meta-table').locator('tr', { has: page.getByText('The next model') });
    expect(await row.getByTestId('model-meta-channel-count').textContent()).toBe('1');
    await expect.poll(async () => missing.getByText('gpt-5', { exact: true }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Vendors' }).click();
    await page.getByTestId('vendor-add').click();
    await page.getByTestId('vendor-name').fill('OpenAI');
    await page.getByTestId('vendor-save').click();
    await page.getByTestId('vendor-table').getByText('OpenAI', { exact: true }).waitFor();
    await page.screenshot({ path: `${artifactsFolder}/models-page.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('root saves a prefill group of models and inserts it into a channel in one click', async () => {
    const { page, errors } = await harness.openAsRoot('en-US');
    await page.goto('/models');
    await page.getByRole('tab', { name: 'Prefill groups' }).click();
    await page.getByTestId('prefill-add').click();
    await page.getByTestId('prefill-name').fill('Reasoning set');
    const items = page.getByTestId('prefill-items').locator('input');
    for (const item of ['o3', 'o4-mini']) {
      await items.fill(item);
      await items.press('Enter');
    }
    await page.getByTestId('prefill-save').click();
    await page.getByTestId('prefill-table').getByText('Reasoning set').waitFor();

    await page.goto('/channel');
    const row = page.locator('tr', { has: page.getByText('listing vendor', { exact: true }) });
    await row.getByTestId('channel-more').click();
    await page.getByTestId('channel-edit').click();
    await page.getByTestId('prefill-picker-model').click();
    await page.getByText('Reasoning set (2)').click();
    const models = page.getByTestId('channel-models');
    await models.getByText('o4-mini').waitFor();
    expect(await models.getByText('gpt-5').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
