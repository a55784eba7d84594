import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toNumber } from '../db/dialect';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { quotaBalances } from '../testing/quota-balances';
import { addChannel, addToken, addUser, flushAll } from '../testing/relay-fixtures';
import { newestLogFlushed } from '../testing/log-queries';
import { serverForTests } from '../testing/test-server';

const server = serverForTests();
let upstream: FakeOpenAIUpstream;
let userId: number;
let client: OpenAI;
let tokenId: number;

const START_QUOTA = 10_000_000;

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  userId = await addUser(server, 'sdk-user', { quota: START_QUOTA });
  const token = await addToken(server, userId, { remain: START_QUOTA });
  tokenId = token.id;
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'text-embedding-3-small', 'dall-e-3'] });
  client = new OpenAI({ apiKey: token.apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
});

afterAll(async () => {
  await upstream.stop();
});

beforeEach(() => {
  upstream.behaviour = {};
});

describe('the official openai SDK through the gateway', () => {
  it('chats without streaming, and bills and logs the upstream usage', async () => {
    upstream.behaviour = { promptTokens: 1000, completionTokens: 500 };
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from the fake upstream');
    expect(completion.usage).toMatchObject({ prompt_tokens: 1000, completion_tokens: 500 });
    expect(upstream.received.at(-1)?.headers.authorization).toBe('Bearer upstream-key');

    const log = await newestLogFlushed(server);
    // gpt-4o-mini: model ratio 0.075, completion ratio 4, group ratio 1 → (1000 + 500 × 4) × 0.075 = 225
    expect(toNumber(log.quota)).toBe(225);
    expect(log).toMatchObject({
      type: 2,
      model_name: 'gpt-4o-mini',
      username: 'sdk-user',
      is_stream: 0,
      group: 'default',
    });
    const other = JSON.parse(log.other) as Record<string, unknown>;
    expect(other).toMatchObject({
      model_ratio: 0.075,
      completion_ratio: 4,
      group_ratio: 1,
      model_price: -1,
      local_count_tokens: false,
    });
  });

  it('streams, forcing usage upstream but hiding the usage chunk from a client that did not ask', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Stream please' }],
      stream: true,
    });
    let text = '';
    let sawUsage = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) sawUsage = true;
    }
    expect(text).toBe('Hello from the fake upstream');
    expect(sawUsage).toBe(false);
    expect(upstream.received.at(-1)?.body.stream_options).toEqual({ include_usage: true });
    const log = await newestLogFlushed(server);
    expect(log).toMatchObject({ is_stream: 1, prompt_tokens: 10, completion_tokens: 20 });
  });

  it('passes the usage chunk to a client that asked for it', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Stream with usage' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const usages = [];
    for await (const chunk of stream) if (chunk.usage) usages.push(chunk.usage);
    expect(usages).toEqual([{ prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 }]);
  });

  it('counts the completion locally when the upstream reports no usage, and says so in the log', async () => {
    upstream.behaviour = { omitUsage: true, words: ['one', ' two', ' three'] };
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Count' }],
      stream: true,
    });
    for await (const _chunk of stream) void _chunk;
    const log = await newestLogFlushed(server);
    expect(log.completion_tokens).toBe(3);
    expect(JSON.parse(log.other)).toMatchObject({ local_count_tokens: true });
  });

  it('creates embeddings', async () => {
    const result = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'hello world' });
    // The official SDK asks for base64 (little-endian float32), so values arrive as float32.
    expect(result.data[0]?.embedding).toEqual([0.1, 0.2, 0.3].map(Math.fround));
    const log = await newestLogFlushed(server);
    expect(log).toMatchObject({ model_name: 'text-embedding-3-small', prompt_tokens: 10 });
  });

  it('lists the models the token may use', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    expect(models).toEqual(['dall-e-3', 'gpt-4o-mini', 'text-embedding-3-small']);
    const one = await client.models.retrieve('gpt-4o-mini');
    expect(one.id).toBe('gpt-4o-mini');
    await expect(client.models.retrieve('no-such-model')).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the balances of user and token equal to the start minus the sum of the logs', async () => {
    await flushAll(server);
    const balances = await quotaBalances(server, userId, tokenId);
    const total = balances.logged;
    expect(total).toBeGreaterThan(0);
    expect(balances.userQuota).toBe(START_QUOTA - total);
    expect(balances.userUsed).toBe(total);
    expect(balances.tokenRemain).toBe(START_QUOTA - total);
    expect(balances.tokenUsed).toBe(total);
  });
});
