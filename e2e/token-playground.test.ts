import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../server/src/testing/loopback-server';
import { addFakeChannel } from './support/channels';
import { ROOT_HEADERS } from './support/console';
import { useConsoleHarness, useForFile } from './support/console-harness';

interface FakeUpstream {
  url: string;
  bodies: Array<Record<string, unknown>>;
  close: () => Promise<void>;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** An OpenAI-compatible upstream on 127.0.0.1 that streams a fixed answer in small pieces. */
async function startFakeUpstream(): Promise<FakeUpstream> {
  const bodies: Array<Record<string, unknown>> = [];
  const server = await startLoopbackServer((request, response) => {
    void (async () => {
      bodies.push(JSON.parse(await readBody(request)) as Record<string, unknown>);
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      for (const piece of ['Hello', ' from', ' the fake upstream']) {
        response.write(chunk(piece));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const usage = { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 };
      response.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage })}\n\n`,
      );
      response.end('data: [DONE]\n\n');
    })();
  });
  return { url: server.url, bodies, close: () => server.stop() };
}

describe('playground in Chromium against a fake upstream', () => {
  const harness = useConsoleHarness();
  const upstream = useForFile(startFakeUpstream, (started) => started.close());

  it('streams an answer billed to the signed-in user', async () => {
    const session = await harness.openAsRoot('en-US');
    const page = session.page;
    await addFakeChannel(page, upstream().url, 'gpt-4o-mini,gpt-4o,claude-3-haiku');

    const quotaNow = async () => {
      const reply = await page.request.get('/api/user/self', { headers: ROOT_HEADERS });
      return ((await reply.json()) as { data: { quota: number } }).data.quota;
    };
    const before = await quotaNow();

    await page.goto('/playground');
    // The prefilled model does not narrow the list: every model the user may use is offered.
    await page.getByTestId('playground-model').locator('input').click();
    const options = page.locator('.ant-select-item-option .model-option-name');
    await expect
      .poll(async () => (await options.allTextContents()).sort())
      .toEqual(['claude-3-haiku', 'gpt-4o', 'gpt-4o-mini']);
    await page.keyboard.press('Escape');
    await page.getByTestId('playground-input').fill('Say hello');
    await page.getByTestId('playground-send').click();
    const answer = page.getByTestId('playground-message-assistant').last();
    await page.locator('[data-testid="playground-message-assistant"][data-status="complete"]').waitFor();
    expect(await answer.textContent()).toContain('Hello from the fake upstream');

    expect(upstream().bodies).toHaveLength(1);
    expect(upstream().bodies[0]).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Say hello' },
      ],
    });
    // `group` chose the group inside the gateway; a vendor such as OpenAI refuses unknown fields.
    expect(upstream().bodies[0]).not.toHaveProperty('group');
    // The balance reaches the database within about a second of the call.
    await expect.poll(quotaNow, { timeout: 5000, interval: 250 }).toBeLessThan(before);
  });
});
