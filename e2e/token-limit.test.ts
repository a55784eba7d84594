import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useConsoleHarness, useForFile } from './support/console-harness';
import { addFakeChannel, chatCompletionBody } from './support/channels';

/** An OpenAI-compatible upstream on 127.0.0.1 answering every chat call at once. */
async function startUpstream(): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    calls += 1;
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(chatCompletionBody('chatcmpl-1', 5)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a token limit set in the drawer, in Chromium', () => {
  const harness = useConsoleHarness();
  const upstream = useForFile(startUpstream, (started) => started.close());

  it('refuses the call beyond one request per minute with 429, before the upstream', async () => {
    const session = await harness.openAsRoot('en-US');
    const page = session.page;
    await addFakeChannel(page, upstream().url);

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
    expect(upstream().calls()).toBe(1);
  });
});
