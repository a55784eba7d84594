import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LoopbackFake } from '../server/src/testing/loopback-server';
import { useConsoleHarness } from './support/console-harness';
import { addFakeChannel, chatCompletionBody } from './support/channels';

/** An OpenAI-compatible upstream on 127.0.0.1 answering every chat call at once. */
class CountingUpstream extends LoopbackFake {
  calls = 0;

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.calls += 1;
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(chatCompletionBody('chatcmpl-1', 5)));
  }
}

describe('a token limit set in the drawer, in Chromium', () => {
  const harness = useConsoleHarness();
  const upstream = new CountingUpstream().forTests();

  it('refuses the call beyond one request per minute with 429, before the upstream', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await addFakeChannel(page, upstream.url);

    await page.getByTestId('token-add').click();
    await page.getByTestId('token-name').fill('paced');
    await page.getByTestId('token-rpm-limit').fill('1');
    await page.getByTestId('token-submit').click();
    const row = page.getByTestId('token-table').locator('tr', { hasText: 'paced' });
    await row.getByTestId('token-more').click();
    await page.getByTestId('token-view-key').click();
    const key = (await page.getByTestId('token-key-text').textContent()) ?? '';

    const ask = () =>
      fetch(`${harness.server.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
    expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('1 requests per minute');
    expect(upstream.calls).toBe(1);
  });
});
