import { randomBytes } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { OptionKey } from '@switchboard/contract';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll, type ChannelValues } from '../../testing/relay-fixtures';
import { sdkStatusOf } from '../../testing/sdk-clients';
import { startTwoInstances } from '../../testing/two-instances';
import { availableDatabaseKinds } from '../../testing/test-databases';
import { startTestServer, type TestServer } from '../../testing/test-server';

const kinds = await availableDatabaseKinds();
const upstream = new FakeOpenAIUpstream().forTests();
const slowUpstream = new FakeOpenAIUpstream().forTests();
const servers: TestServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.stop();
  upstream.behaviour = {};
});

async function gateway(options: Partial<Record<OptionKey, string>> = {}, environment: Record<string, string> = {}) {
  const server = await startTestServer({ environment });
  servers.push(server);
  for (const [key, value] of Object.entries(options)) await server.context.options.save(key as OptionKey, value);
  return server;
}

async function caller(server: TestServer, token: { rpmLimit?: number; tpmLimit?: number } = {}, group = 'default') {
  const userId = await addUser(server, `user-${randomBytes(3).toString('hex')}`, { quota: 100_000_000, group });
  const { apiKey } = await addToken(server, userId, { remain: 100_000_000, ...token });
  return new OpenAI({
    apiKey,
    baseURL: `${server.url}/v1`,
    maxRetries: 0,
    defaultHeaders: { 'accept-language': 'en' },
  });
}

const ask = (client: OpenAI) =>
  client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });

describe('the reference model request rate limit', () => {
  it('refuses once the successful requests of the window are used, in every dialect, before any upstream call', async () => {
    const server = await gateway({
      ModelRequestRateLimitEnabled: 'true',
      ModelRequestRateLimitDurationMinutes: '1',
      ModelRequestRateLimitCount: '0',
      ModelRequestRateLimitSuccessCount: '2',
    });
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const client = await caller(server);
    expect(await sdkStatusOf(ask(client))).toBe(200);
    expect(await sdkStatusOf(ask(client))).toBe(200);
    const sent = upstream.received.length;

    const refusal = await ask(client).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OpenAI.RateLimitError);
    expect((refusal as InstanceType<typeof OpenAI.APIError>).message).toContain(
      'at most 2 successful requests in 1 minutes',
    );
    const anthropic = new Anthropic({
      apiKey: client.apiKey,
      baseURL: server.url,
      maxRetries: 0,
      defaultHeaders: { 'accept-language': 'zh' },
    });
    const claudeRefusal = await anthropic.messages
      .create({ model: 'gpt-4o-mini', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(claudeRefusal).toBeInstanceOf(Anthropic.RateLimitError);
    expect((claudeRefusal as InstanceType<typeof Anthropic.APIError>).message).toContain('1 分钟内最多成功请求 2 次');
    expect(upstream.received.length).toBe(sent);

    const other = await caller(server);
    expect(await sdkStatusOf(ask(other))).toBe(200);
  });

  it('counts every request against the total, and a group override replaces the options', async () => {
    const server = await gateway({
      ModelRequestRateLimitEnabled: 'true',
      ModelRequestRateLimitCount: '10',
      ModelRequestRateLimitSuccessCount: '100',
      ModelRequestRateLimitGroup: JSON.stringify({ default: [2, 100] }),
    });
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const client = await caller(server);
    upstream.behaviour = { failWith: { status: 400, message: 'bad request upstream' } };
    expect(await sdkStatusOf(ask(client))).toBe(400);
    upstream.behaviour = {};
    expect(await sdkStatusOf(ask(client))).toBe(200);
    const refusal = await ask(client).catch((error: unknown) => error);
    expect((refusal as InstanceType<typeof OpenAI.APIError>).status).toBe(429);
    expect((refusal as InstanceType<typeof OpenAI.APIError>).message).toContain('at most 2 requests in 1 minutes');
  });
});

describe('per-token and per-group limits', () => {
  it('holds a token to its requests per minute without touching the owner’s other tokens', async () => {
    const server = await gateway();
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const limited = await caller(server, { rpmLimit: 2 });
    const statuses = [
      await sdkStatusOf(ask(limited)),
      await sdkStatusOf(ask(limited)),
      await sdkStatusOf(ask(limited)),
    ];
    expect(statuses).toEqual([200, 200, 429]);
    expect(await sdkStatusOf(ask(await caller(server)))).toBe(200);
  });

  it('holds a token to the tokens billed per minute', async () => {
    const server = await gateway();
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    upstream.behaviour = { promptTokens: 45, completionTokens: 45 };
    const limited = await caller(server, { tpmLimit: 90 });
    expect(await sdkStatusOf(ask(limited))).toBe(200);
    const refusal = await ask(limited).catch((error: unknown) => error);
    expect((refusal as InstanceType<typeof OpenAI.APIError>).status).toBe(429);
    expect((refusal as InstanceType<typeof OpenAI.APIError>).message).toContain('limit of 90 tokens per minute');
  });

  it('holds every user of a group to the group’s tokens per minute', async () => {
    const server = await gateway({ GroupTpmLimit: JSON.stringify({ default: 150 }) });
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    upstream.behaviour = { promptTokens: 75, completionTokens: 75 };
    expect(await sdkStatusOf(ask(await caller(server)))).toBe(200);
    expect(await sdkStatusOf(ask(await caller(server)))).toBe(429);
  });
});

const slowChannel = (values: Partial<ChannelValues>): ChannelValues => ({
  baseUrl: slowUpstream.url,
  models: ['gpt-4o-mini'],
  priority: 10,
  ...values,
});

/** Opens a stream on the slow upstream and reads it in the background; resolves once the upstream has the call. */
async function holdSlowStream(client: OpenAI): Promise<{ reading: Promise<void> }> {
  const slowBefore = slowUpstream.received.length;
  const stream = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
  });
  const reading = (async () => {
    for await (const chunk of stream) void chunk;
  })();
  await expect.poll(() => slowUpstream.received.length).toBe(slowBefore + 1);
  return { reading };
}

describe('tokens per minute under parallel calls (the ledger issue)', () => {
  // 180 Latin characters estimate 45 tokens, plus 3 per message and 3 for the reply: 51.
  const prompt = 'abcd'.repeat(45);
  const streamed = async (client: OpenAI) => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: prompt }],
    });
    for await (const chunk of stream) void chunk;
  };

  it('holds the prompt estimate of calls in flight: 30 parallel calls of 51 tokens do not pass a 100 tokens/minute token', async () => {
    const server = await gateway();
    await addChannel(server, { baseUrl: slowUpstream.url, models: ['gpt-4o-mini'] });
    slowUpstream.behaviour = { chunkDelayMs: 100, promptTokens: 51, completionTokens: 0 };
    const limited = await caller(server, { tpmLimit: 100 });
    const statuses = await Promise.all(Array.from({ length: 30 }, () => sdkStatusOf(streamed(limited))));
    // Before: every call read 0 tokens billed and all 30 passed (15 times the limit).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(29);
  });

  it("gives a failed call's held tokens back, and counts what a call billed rather than its estimate", async () => {
    const server = await gateway();
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const limited = await caller(server, { tpmLimit: 100 });
    upstream.behaviour = { failWith: { status: 400, message: 'refused' } };
    for (let call = 0; call < 3; call += 1) expect(await sdkStatusOf(streamed(limited))).toBe(400);
    upstream.behaviour = { promptTokens: 20, completionTokens: 0 };
    // The failures held nothing in the end, and each success counts 20 billed tokens, not its estimate of 51.
    expect(await sdkStatusOf(streamed(limited))).toBe(200);
    expect(await sdkStatusOf(streamed(limited))).toBe(200);
    expect(await sdkStatusOf(streamed(limited))).toBe(200);
    expect(await sdkStatusOf(streamed(limited))).toBe(429);
  });
});

describe('channel caps', () => {
  it('passes over a channel at its concurrency cap instead of failing the call, and uses it again once free', async () => {
    const server = await gateway();
    const capped = await addChannel(server, slowChannel({ name: 'capped', maxConcurrency: 1 }));
    const spare = await addChannel(server, {
      name: 'spare',
      baseUrl: upstream.url,
      models: ['gpt-4o-mini'],
      priority: 0,
    });
    slowUpstream.behaviour = { chunkDelayMs: 150 };
    const client = await caller(server);
    const slowBefore = slowUpstream.received.length;
    const { reading } = await holdSlowStream(client);
    const servedBySpare = upstream.received.length;
    expect(await sdkStatusOf(ask(client))).toBe(200);
    expect(upstream.received.length).toBe(servedBySpare + 1);
    await reading;
    slowUpstream.behaviour = {};
    expect(await sdkStatusOf(ask(client))).toBe(200);
    expect(slowUpstream.received.length).toBe(slowBefore + 2);
    await flushAll(server);
    const logs = await server.context.database.db.selectFrom('logs').select('channel_id').orderBy('id').execute();
    expect(logs.map((log) => log.channel_id)).toEqual([spare, capped, capped]);
  });

  it('passes over a channel that billed its tokens for the day', async () => {
    const server = await gateway();
    await addChannel(server, slowChannel({ name: 'daily', dailyTokenLimit: 50 }));
    await addChannel(server, { name: 'spare', baseUrl: upstream.url, models: ['gpt-4o-mini'], priority: 0 });
    slowUpstream.behaviour = { promptTokens: 20, completionTokens: 10 };
    const client = await caller(server);
    const slowBefore = slowUpstream.received.length;
    await ask(client);
    await ask(client);
    expect(slowUpstream.received.length).toBe(slowBefore + 2);
    const spareBefore = upstream.received.length;
    expect(await sdkStatusOf(ask(client))).toBe(200);
    expect(slowUpstream.received.length).toBe(slowBefore + 2);
    expect(upstream.received.length).toBe(spareBefore + 1);
  });
});

describe.runIf(kinds.includes('postgres'))('limits across two instances (PostgreSQL + Redis)', () => {
  it('counts a token’s requests and a channel’s concurrent calls once for both instances', async () => {
    const { first, second } = await startTwoInstances();
    servers.push(first, second);
    await addChannel(first, slowChannel({ name: 'capped', maxConcurrency: 1 }));
    await addChannel(first, { name: 'spare', baseUrl: upstream.url, models: ['gpt-4o-mini'], priority: 0 });
    await second.context.bus.channelsChanged();
    const userId = await addUser(first, 'shared-limits', { quota: 100_000_000 });
    const { apiKey } = await addToken(first, userId, { remain: 100_000_000, rpmLimit: 3 });
    const clients = [first, second].map((server) => new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 }));

    slowUpstream.behaviour = { chunkDelayMs: 150 };
    const { reading } = await holdSlowStream(clients[0]!);
    const slowSeen = slowUpstream.received.length;
    expect(await sdkStatusOf(ask(clients[1]!))).toBe(200);
    expect(slowUpstream.received.length).toBe(slowSeen);
    await reading;
    expect(await sdkStatusOf(ask(clients[1]!))).toBe(200);
    expect(await sdkStatusOf(ask(clients[0]!))).toBe(429);
    expect(await sdkStatusOf(ask(clients[1]!))).toBe(429);
  });
});
