import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreams } from '../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll } from '../testing/relay-fixtures';
import { newestLog } from '../testing/log-queries';
import { serverForTests } from '../testing/test-server';

const server = serverForTests();
const fakeUpstream = fakeUpstreams();

async function clientFor(model: string) {
  const userId = await addUser(server, `user-${model}`, { quota: 50_000_000 });
  const token = await addToken(server, userId, { unlimited: true });
  return new OpenAI({
    apiKey: token.apiKey,
    baseURL: `${server.url}/v1`,
    maxRetries: 0,
    defaultHeaders: { 'accept-language': 'en' },
  });
}

async function lastLogOther() {
  await flushAll(server);
  const log = await newestLog(server);
  return JSON.parse(log.other) as {
    admin_info: { use_channel: string[] };
    is_model_mapped: boolean;
    upstream_model_name: string;
  };
}

/** A failing upstream's channel of `model` above a healthy spare's (priorities `[failing, spare]`), and a caller's client. */
async function failingAboveSpare(
  model: string,
  failWith: { status: number; message: string },
  [failingPriority, sparePriority]: [number, number],
) {
  const failing = await fakeUpstream();
  const spare = await fakeUpstream();
  failing.behaviour = { failWith };
  await addChannel(server, { baseUrl: failing.url, models: [model], priority: failingPriority });
  await addChannel(server, { baseUrl: spare.url, models: [model], priority: sparePriority });
  return { failing, spare, client: await clientFor(model) };
}

beforeAll(async () => {
  await server.context.options.save('RetryTimes', '5');
});

describe('failover', () => {
  it('moves down the tiers on retryable failures and never tries a channel twice', async () => {
    const failingA = await fakeUpstream();
    const failingB = await fakeUpstream();
    const healthy = await fakeUpstream();
    failingA.behaviour = { failWith: { status: 500, message: 'boom' } };
    failingB.behaviour = { failWith: { status: 429, message: 'slow down' } };
    const model = 'gpt-4o';
    const a = await addChannel(server, { baseUrl: failingA.url, models: [model], priority: 10 });
    const b = await addChannel(server, { baseUrl: failingB.url, models: [model], priority: 10 });
    const c = await addChannel(server, { baseUrl: healthy.url, models: [model], priority: 0 });
    const client = await clientFor(model);
    const completion = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('Hello from the fake upstream');
    expect(failingA.received).toHaveLength(1);
    expect(failingB.received).toHaveLength(1);
    const used = (await lastLogOther()).admin_info.use_channel;
    expect(used).toHaveLength(3);
    expect(new Set(used)).toEqual(new Set([String(a), String(b), String(c)]));
    expect(used[2]).toBe(String(c));
  });

  it('stops at a final error (400) and answers it with the upstream message', async () => {
    const model = 'gpt-4.1';
    const malformed = { status: 400, message: 'your request is malformed' };
    const { spare, client } = await failingAboveSpare(model, malformed, [5, 0]);
    const failure = await client.chat.completions
      .create({ model, messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect((failure as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    expect((failure as InstanceType<typeof OpenAI.APIError>).message).toMatch(/your request is malformed/);
    expect(spare.received).toHaveLength(0);
  });

  it('applies the channel status-code mapping to the answer', async () => {
    const upstream = await fakeUpstream();
    upstream.behaviour = { failWith: { status: 400, message: 'mapped' } };
    const model = 'gpt-4.1-mini';
    await addChannel(server, { baseUrl: upstream.url, models: [model], statusCodeMapping: { '400': 502 } });
    const client = await clientFor(model);
    await expect(
      client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 502 });
  });

  it('follows a model mapping chain; billing keeps the requested name, the log the upstream one', async () => {
    const upstream = await fakeUpstream();
    const model = 'gpt-4.1-nano';
    await addChannel(server, {
      baseUrl: upstream.url,
      models: [model],
      modelMapping: { [model]: 'step-one', 'step-one': 'final-model' },
    });
    const client = await clientFor(model);
    await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(upstream.received.at(-1)?.body.model).toBe('final-model');
    expect(await lastLogOther()).toMatchObject({ is_model_mapped: true, upstream_model_name: 'final-model' });
  });

  it('answers 503 when no channel serves the model in the group', async () => {
    const client = await clientFor('gpt-5');
    const failure = (await client.chat.completions
      .create({ model: 'gpt-5', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error)) as InstanceType<typeof OpenAI.APIError>;
    expect(failure.status).toBe(503);
    expect(failure.message).toMatch(/No available channel for model gpt-5 under group default/);
  });
});

describe('channel health', () => {
  it('holds back a channel that keeps failing instead of hammering it', async () => {
    const model = 'o4-mini';
    const overloaded = { status: 503, message: 'overloaded' };
    const { failing: flaky, spare: steady, client } = await failingAboveSpare(model, overloaded, [9, 1]);
    for (let call = 0; call < 10; call += 1) {
      await client.chat.completions.create({ model, messages: [{ role: 'user', content: `call ${call}` }] });
    }
    expect(steady.received).toHaveLength(10);
    expect(flaky.received.length).toBe(5);
  });
});

describe('a client that disconnects', () => {
  it('cancels the upstream stream', async () => {
    const slow = await fakeUpstream();
    slow.behaviour = { chunkDelayMs: 100, words: Array.from({ length: 50 }, (_, index) => ` word${index}`) };
    const model = 'o3-mini';
    await addChannel(server, { baseUrl: slow.url, models: [model] });
    const client = await clientFor(model);
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model, messages: [{ role: 'user', content: 'long' }], stream: true },
      { signal: controller.signal },
    );
    let chunks = 0;
    for await (const _chunk of stream) {
      chunks += 1;
      if (chunks === 3) {
        controller.abort();
        break;
      }
    }
    await expect.poll(() => slow.abortedStreams, { timeout: 3000 }).toBe(1);
    await flushAll(server);
    const log = await newestLog(server);
    expect(log.model_name).toBe(model);
    expect(JSON.parse(log.other)).toMatchObject({ stream_interrupted: true, local_count_tokens: true });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeLessThan(50);
  });
});
