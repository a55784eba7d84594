import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LoopbackFake, readJsonBody } from '../server/src/testing/loopback-server';
import { addFakeChannel } from './support/channels';
import { ROOT_HEADERS } from './support/console';
import { useConsoleHarness } from './support/console-harness';

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** An OpenAI-compatible upstream on 127.0.0.1 that streams a fixed answer in small pieces. */
class FakeUpstream extends LoopbackFake {
  /** the request bodies, in order */
  readonly bodies: Array<Record<string, unknown>> = [];

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.bodies.push(await readJsonBody(request));
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
  }
}

describe('playground in Chromium against a fake upstream', () => {
  const harness = useConsoleHarness();
  const upstream = new FakeUpstream().forTests();

  it('streams an answer billed to the signed-in user', async () => {
    const { page } = await harness.openAsRoot('en-US');
    await addFakeChannel(page, upstream.url, 'gpt-4o-mini,gpt-4o,claude-3-haiku');

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

    expect(upstream.bodies).toHaveLength(1);
    expect(upstream.bodies[0]).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Say hello' },
      ],
    });
    // `group` chose the group inside the gateway; a vendor such as OpenAI refuses unknown fields.
    expect(upstream.bodies[0]).not.toHaveProperty('group');
    // The balance reaches the database within about a second of the call.
    await expect.poll(quotaNow, { timeout: 5000, interval: 250 }).toBeLessThan(before);
  });
});
