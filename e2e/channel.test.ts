import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LoopbackFake } from '../server/src/testing/loopback-server';
import { chatCompletionBody } from './support/channels';
import { useConsoleHarness } from './support/console-harness';
import { artifactsFolder } from './support/paths';

const UPSTREAM_KEY = 'sk-e2e-upstream';

/** An OpenAI-compatible vendor on 127.0.0.1: lists two models and answers chats after 30 ms. */
class FakeVendor extends LoopbackFake {
  /** each request as `<method> <url> <authorization>` */
  readonly seen: string[] = [];

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.resume();
    this.seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${UPSTREAM_KEY}`)
      return reply(401, { error: { message: 'Incorrect API key provided' } });
    if (request.url === '/v1/models')
      return reply(200, { object: 'list', data: [{ id: 'gpt-4o-mini' }, { id: 'gpt-4o' }] });
    if (request.url === '/v1/chat/completions') {
      setTimeout(() => reply(200, chatCompletionBody('chatcmpl-e2e', 1)), 30);
      return undefined;
    }
    return reply(404, { error: { message: 'not found' } });
  }
}

describe('channels in Chromium', () => {
  const harness = useConsoleHarness();
  const vendor = new FakeVendor().forTests();

  it('root adds an OpenAI channel on a fake upstream, fetches its models, tests it and sees its response time', async () => {
    const { page, errors } = await harness.openAsRoot('en-US', '/channel');
    await page.getByTestId('channel-add').click();

    await page.getByTestId('channel-name-input').fill('e2e upstream');
    await page.getByTestId('channel-base-url').fill(`${vendor.url}/`);
    await page.getByTestId('channel-key').fill(UPSTREAM_KEY);
    await page.getByTestId('channel-fetch-models').click();
    await page.getByTestId('channel-models').getByText('gpt-4o-mini').waitFor();
    await mkdir(artifactsFolder, { recursive: true });
    await page.screenshot({ path: `${artifactsFolder}/channel-editor.png` });
    await page.getByTestId('channel-submit').click();
    // The editor (holding the typed key) must be gone, not merely closing, before the page is checked.
    await page.getByTestId('channel-key').waitFor({ state: 'detached' });

    const row = page.locator('tr', { has: page.getByText('e2e upstream', { exact: true }) });
    await row.waitFor();
    expect(await row.getByTestId('channel-status').getAttribute('data-status')).toBe('1');
    expect(await row.getByTestId('channel-response-time').getAttribute('data-level')).toBe('untested');

    await row.getByTestId('channel-test').click();
    await row.locator('[data-testid="channel-response-time"]:not([data-level="untested"])').waitFor();
    expect(await row.getByTestId('channel-response-time').textContent()).toMatch(/^\d+\.\d{2}/);
    expect(vendor.seen).toContain(`GET /v1/models Bearer ${UPSTREAM_KEY}`);
    expect(vendor.seen).toContain(`POST /v1/chat/completions Bearer ${UPSTREAM_KEY}`);
    expect(await page.content()).not.toContain(UPSTREAM_KEY);

    await page.screenshot({ path: `${artifactsFolder}/channel-list.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});
