import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { lastConsumeLog, priceModels, userQuota } from '../../../testing/provider-test-kit';
import { addChannel, addToken, addUser } from '../../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../../testing/test-databases';
import { serverForTests } from '../../../testing/test-server';
import type { CachedChannel } from '../../caches/channel-index';
import { relayEndpoints } from '../../endpoints';
import { buildUpstreamRequest } from '../openai-compatible/request';

const recording = (name: string, stream = false) => ({
  file: new URL(`./__fixtures__/${name}`, import.meta.url),
  stream,
});
const kinds = await availableDatabaseKinds();

describe('an Ollama channel without a base URL', () => {
  it('calls the local Ollama server on its default port', () => {
    const channel = {
      id: 1,
      type: 4,
      name: 'ollama',
      key: '',
      baseUrl: '',
      other: '',
      organization: '',
      modelMapping: {},
      statusCodeMapping: {},
      autoBan: true,
      priority: 0,
      weight: 0,
    };
    const chat = relayEndpoints.find((endpoint) => endpoint.kind === 'chat')!;
    expect(buildUpstreamRequest(channel as CachedChannel, chat, 'llama3.2', 'application/json', false).url).toBe(
      'http://localhost:11434/v1/chat/completions',
    );
  });
});

describe.each(kinds)('the openai SDK against an Ollama channel (%s)', (kind) => {
  const server = serverForTests({ databaseKind: kind });
  let ollama: FixtureReplayUpstream;
  let client: OpenAI;
  let userId: number;

  beforeAll(async () => {
    ollama = await new FixtureReplayUpstream({
      '/v1/chat/completions': [recording('chat-completion.json'), recording('chat-stream.sse', true)],
      '/v1/embeddings': [recording('embeddings.json')],
    }).start();
    await priceModels(server, { 'llama3.2': 0.5, 'nomic-embed-text': 0.05 });
    userId = await addUser(server, 'ollama-user', { quota: 1_000_000 });
    const token = await addToken(server, userId, { unlimited: true });
    await addChannel(server, {
      type: 4,
      name: 'ollama',
      baseUrl: ollama.url,
      key: 'ollama',
      models: ['llama3.2', 'nomic-embed-text'],
    });
    client = new OpenAI({ apiKey: token.apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await ollama.stop();
  });

  it('chats, streams and embeds through the OpenAI-compatible API, billed and logged', async () => {
    const before = await userQuota(server, userId);
    const completion = await client.chat.completions.create({
      model: 'llama3.2',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from Ollama!');
    expect(ollama.received.at(-1)).toMatchObject({
      path: '/v1/chat/completions',
      body: { model: 'llama3.2', messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(ollama.received.at(-1)?.headers.authorization).toBe('Bearer ollama');
    // llama3.2 at model ratio 0.5, completion ratio 1: (26 + 6) × 0.5 = 16
    expect(await lastConsumeLog(server)).toMatchObject({
      model_name: 'llama3.2',
      prompt_tokens: 26,
      completion_tokens: 6,
      quota: 16,
      is_stream: 0,
    });

    const stream = await client.chat.completions.create({
      model: 'llama3.2',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello from Ollama!');
    expect(ollama.received.at(-1)?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(await lastConsumeLog(server)).toMatchObject({
      is_stream: 1,
      prompt_tokens: 26,
      completion_tokens: 6,
      quota: 16,
    });

    const embedding = await client.embeddings.create({ model: 'nomic-embed-text', input: 'hello world' });
    // The official SDK asks for base64 (little-endian float32), so values arrive as float32.
    expect(embedding.data[0]?.embedding).toEqual([0.0103, -0.0441, 0.0272].map(Math.fround));
    // (4 + 0) × 0.05 = 0.2 → at least 1
    expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'nomic-embed-text', prompt_tokens: 4, quota: 1 });
    expect(await userQuota(server, userId)).toBe(before - 16 - 16 - 1);
  });
});
