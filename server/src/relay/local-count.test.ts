import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { lastConsumeLog } from '../testing/provider-test-kit';
import { addChannel, addToken, addUser } from '../testing/relay-fixtures';
import { serverForTests } from '../testing/test-server';
import { whileServing } from '../testing/loop-watch';

const server = serverForTests();
let upstream: FakeOpenAIUpstream;
let apiKey: string;

/** Distinct CJK characters without a separator: one run the BPE cannot cache. */
const cjkRun = (length: number, seed: number) =>
  Array.from({ length }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7919 + seed) % 20_000))).join('');

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  const userId = await addUser(server, 'local-count', { quota: 1_000_000_000 });
  apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
});

afterAll(async () => {
  await upstream.stop();
});

const chat = (stream: boolean, prompt: string) =>
  server
    .call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: prompt }] }),
    })
    .then(async (response) => ({ status: response.status, text: await response.text() }));

describe('an upstream without usage: the gateway counts long answers off the event loop', () => {
  it('a whole answer and its prompt of 300,000 characters each', async () => {
    upstream.behaviour = { omitUsage: true, words: [cjkRun(300_000, 1)] };
    const { result, slowestStatusMs, statuses } = await whileServing(server, chat(false, cjkRun(300_000, 2)));
    expect(result.status).toBe(200);
    expect(statuses).toBeGreaterThan(3);
    // Counted on the loop (as before: seconds), the status calls would have waited for all of it. The
    // bound leaves room for a loaded shared 2-core machine, where the client shares this loop too.
    expect(slowestStatusMs).toBeLessThan(1_000);
    const log = await lastConsumeLog(server);
    expect(log.completion_tokens).toBeGreaterThan(300_000);
    expect(log.prompt_tokens).toBeGreaterThan(300_000);
  });

  it('a stream of 50 events of 3,000 characters and one of 300,000', async () => {
    const words = [...Array.from({ length: 50 }, (_, index) => cjkRun(3_000, index)), cjkRun(300_000, 99)];
    upstream.behaviour = { omitUsage: true, words };
    const { result, slowestStatusMs } = await whileServing(server, chat(true, 'hi'));
    expect(result.status).toBe(200);
    expect(slowestStatusMs).toBeLessThan(1_000);
    const log = await lastConsumeLog(server);
    expect(log.completion_tokens).toBeGreaterThan(450_000);
  });
});
