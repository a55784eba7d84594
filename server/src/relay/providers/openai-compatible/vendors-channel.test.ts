import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { addChannelWithOther, lastConsumeLog, priceModels, userQuota } from '../../../testing/provider-test-kit';
import { addChannel, addToken, addUser } from '../../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../../testing/test-databases';
import { serverForTests } from '../../../testing/test-server';

/** Recordings written from each vendor's documented wire format (Zhipu, Cloudflare, VolcEngine, Cohere, Xunfei Spark HTTP API references). */
const recording = (name: string, stream = false) => ({
  file: new URL(`./__fixtures__/${name}`, import.meta.url),
  stream,
});
const kinds = await availableDatabaseKinds();

describe.each(kinds)('OpenAI-compatible vendors at their own paths, through the official SDKs (%s)', (kind) => {
  const server = serverForTests({ databaseKind: kind });
  let vendor: FixtureReplayUpstream;
  let apiKey: string;
  let openai: OpenAI;
  let userId: number;

  beforeAll(async () => {
    vendor = await new FixtureReplayUpstream({
      '/api/paas/v4/chat/completions': [recording('zhipu-chat.json'), recording('zhipu-chat-stream.sse', true)],
      '/api/paas/v4/embeddings': [recording('zhipu-embeddings.json')],
      '/client/v4/accounts/acc-42/ai/v1/chat/completions': [recording('cloudflare-chat.json')],
      '/api/v3/bots/chat/completions': [recording('volcengine-bot-chat.json')],
      '/v2/rerank': [recording('cohere-rerank.json')],
      '/v1/chat/completions': [recording('xunfei-chat.json')],
    }).start();
    await priceModels(server, {
      'glm-4': 0.5,
      'embedding-3': 0.05,
      '@cf/meta/llama-3.1-8b-instruct': 1,
      'bot-weather': 1,
      'rerank-english-v3.0': 1,
      'generalv3.5': 1,
    });
    userId = await addUser(server, 'vendor-user', { quota: 1_000_000 });
    apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
    await addChannel(server, {
      type: 26,
      name: 'zhipu',
      baseUrl: vendor.url,
      key: 'zhipu-key',
      models: ['glm-4', 'embedding-3'],
    });
    await addChannelWithOther(
      server,
      {
        type: 39,
        name: 'cloudflare',
        baseUrl: vendor.url,
        key: 'cf-token',
        models: ['@cf/meta/llama-3.1-8b-instruct'],
      },
      'acc-42',
    );
    await addChannel(server, {
      type: 45,
      name: 'volcengine',
      baseUrl: vendor.url,
      key: 'ark-key',
      models: ['bot-weather'],
    });
    await addChannel(server, {
      type: 34,
      name: 'cohere',
      baseUrl: vendor.url,
      key: 'co-key',
      models: ['rerank-english-v3.0'],
    });
    await addChannel(server, {
      type: 18,
      name: 'spark',
      baseUrl: vendor.url,
      key: 'api-password',
      models: ['generalv3.5'],
    });
    openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await vendor.stop();
  });

  it('Zhipu GLM-4: chat, stream and embeddings under /api/paas/v4 with the Bearer key, billed from its usage', async () => {
    const before = await userQuota(server, userId);
    const completion = await openai.chat.completions.create({
      model: 'glm-4',
      messages: [{ role: 'user', content: '你好' }],
    });
    expect(completion.choices[0]?.message.content).toBe('你好！有什么可以帮你的吗？');
    expect(vendor.received.at(-1)).toMatchObject({
      path: '/api/paas/v4/chat/completions',
      body: { model: 'glm-4', messages: [{ role: 'user', content: '你好' }] },
    });
    expect(vendor.received.at(-1)?.headers.authorization).toBe('Bearer zhipu-key');
    expect(await lastConsumeLog(server)).toMatchObject({
      model_name: 'glm-4',
      prompt_tokens: 7,
      completion_tokens: 9,
      is_stream: 0,
    });
    const chatQuota = (await lastConsumeLog(server)).quota;

    const stream = await openai.chat.completions.create({
      model: 'glm-4',
      messages: [{ role: 'user', content: '你好' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('你好！有什么可以帮你的吗？');
    expect(await lastConsumeLog(server)).toMatchObject({
      prompt_tokens: 7,
      completion_tokens: 9,
      is_stream: 1,
      quota: chatQuota,
    });

    const embedding = await openai.embeddings.create({ model: 'embedding-3', input: 'hello world' });
    expect(embedding.data[0]?.embedding).toHaveLength(3);
    expect(vendor.received.at(-1)?.path).toBe('/api/paas/v4/embeddings');
    expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'embedding-3', prompt_tokens: 4, quota: 1 });
    expect(await userQuota(server, userId)).toBe(before - 2 * chatQuota - 1);
  });

  it('the Anthropic and Gemini SDKs reach Zhipu by conversion, streamed and not, billed from Zhipu usage', async () => {
    const anthropic = new Anthropic({ apiKey, baseURL: server.url, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model: 'glm-4',
      max_tokens: 64,
      messages: [{ role: 'user', content: '你好' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: '你好！有什么可以帮你的吗？' }]);
    expect(message.usage).toMatchObject({ input_tokens: 7, output_tokens: 9 });
    expect(vendor.received.at(-1)?.path).toBe('/api/paas/v4/chat/completions');

    let streamed = '';
    const events = anthropic.messages.stream({
      model: 'glm-4',
      max_tokens: 64,
      messages: [{ role: 'user', content: '你好' }],
    });
    events.on('text', (delta) => (streamed += delta));
    const final = await events.finalMessage();
    expect(streamed).toBe('你好！有什么可以帮你的吗？');
    expect(final.usage.output_tokens).toBe(9);
    expect(await lastConsumeLog(server)).toMatchObject({
      model_name: 'glm-4',
      is_stream: 1,
      prompt_tokens: 7,
      completion_tokens: 9,
    });

    const ai = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url } });
    const chunks = await ai.models.generateContentStream({ model: 'glm-4', contents: '你好' });
    let text = '';
    for await (const chunk of chunks) text += chunk.text ?? '';
    expect(text).toBe('你好！有什么可以帮你的吗？');
    expect(vendor.received.at(-1)?.body).toMatchObject({ stream: true, model: 'glm-4' });
    expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 7, completion_tokens: 9 });
  });

  it("Cloudflare: the account id from the channel's other in the path", async () => {
    const completion = await openai.chat.completions.create({
      model: '@cf/meta/llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'Make some robot noises' }],
    });
    expect(completion.choices[0]?.message.content).toBe('Beep boop, whirr.');
    expect(vendor.received.at(-1)).toMatchObject({
      path: '/client/v4/accounts/acc-42/ai/v1/chat/completions',
      headers: { authorization: 'Bearer cf-token' },
    });
    expect(await lastConsumeLog(server)).toMatchObject({ prompt_tokens: 18, completion_tokens: 6 });
  });

  it('VolcEngine: a bot- model goes to /api/v3/bots/chat/completions', async () => {
    const completion = await openai.chat.completions.create({
      model: 'bot-weather',
      messages: [{ role: 'user', content: '北京天气' }],
    });
    expect(completion.choices[0]?.message.content).toBe('北京今天晴，最高气温 28℃。');
    expect(vendor.received.at(-1)).toMatchObject({
      path: '/api/v3/bots/chat/completions',
      body: { model: 'bot-weather' },
      headers: { authorization: 'Bearer ark-key' },
    });
    expect(await lastConsumeLog(server)).toMatchObject({
      model_name: 'bot-weather',
      prompt_tokens: 12,
      completion_tokens: 14,
    });
  });

  it("Xunfei Spark: its HTTP API with the APIPassword as Bearer, billed from Spark's usage", async () => {
    const completion = await openai.chat.completions.create({
      model: 'generalv3.5',
      messages: [{ role: 'user', content: '你好' }],
    });
    expect(completion.choices[0]?.message.content).toBe('你好，我是讯飞星火认知大模型。');
    expect(vendor.received.at(-1)).toMatchObject({
      path: '/v1/chat/completions',
      body: { model: 'generalv3.5' },
      headers: { authorization: 'Bearer api-password' },
    });
    expect(await lastConsumeLog(server)).toMatchObject({
      model_name: 'generalv3.5',
      prompt_tokens: 4,
      completion_tokens: 11,
    });
  });

  it('Cohere: /v1/rerank goes to its v2 rerank API in the same shape', async () => {
    const response = await fetch(`${server.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'rerank-english-v3.0',
        query: 'What is Deep Learning?',
        documents: ['Cats purr.', 'Deep learning is a subset of machine learning.'],
        top_n: 2,
      }),
    });
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { results: Array<{ index: number }> }).results.map((result) => result.index),
    ).toEqual([1, 0]);
    expect(vendor.received.at(-1)).toMatchObject({
      path: '/v2/rerank',
      body: { query: 'What is Deep Learning?', top_n: 2 },
      headers: { authorization: 'Bearer co-key' },
    });
    expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'rerank-english-v3.0' });
  });
});
