import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { lastConsumeLog, priceModels, userQuota } from '../../../testing/provider-test-kit';
import { addChannel, addToken, addUser } from '../../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../../testing/test-databases';
import { serverForTests } from '../../../testing/test-server';
import { difyQuery } from './request';

/** Recordings written from Dify's documented wire format (Service API: POST /chat-messages, blocking and streaming). */
const recording = (name: string, stream = false) => ({
  file: new URL(`./__fixtures__/${name}`, import.meta.url),
  stream,
});
const streaming = (body: Record<string, unknown>) => body.response_mode === 'streaming';
const kinds = await availableDatabaseKinds();

describe('the query a Dify app gets', () => {
  const conversation = [
    { role: 'system', content: 'Answer about phones.' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!' },
    { role: 'user', content: 'iPhone 13 Pro Max specs?' },
  ];

  it('a new conversation carries the earlier turns as a transcript; a continued one only the question', () => {
    expect(difyQuery(conversation, false)).toBe(
      'SYSTEM: Answer about phones.\nUSER: Hi\nASSISTANT: Hello!\nUSER: iPhone 13 Pro Max specs?',
    );
    expect(difyQuery(conversation, true)).toBe('iPhone 13 Pro Max specs?');
    expect(difyQuery([{ role: 'user', content: 'Hi' }], false)).toBe('Hi');
  });
});

describe.each(kinds)('the official SDKs against a Dify channel (%s)', (kind) => {
  const server = serverForTests({ databaseKind: kind });
  let dify: FixtureReplayUpstream;
  let failing: FixtureReplayUpstream;
  let openai: OpenAI;
  let apiKey: string;
  let userId: number;

  beforeAll(async () => {
    dify = await new FixtureReplayUpstream(
      { '/v1/chat-messages': [recording('chat-blocking.json'), recording('chat-streaming.sse', true)] },
      streaming,
    ).start();
    failing = await new FixtureReplayUpstream(
      { '/v1/chat-messages': [recording('stream-error.sse', true)] },
      streaming,
    ).start();
    await priceModels(server, { dify: 0.001, 'dify-broken': 0.001 });
    userId = await addUser(server, 'dify-user', { quota: 1_000_000 });
    apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
    await addChannel(server, { type: 37, name: 'dify', baseUrl: dify.url, key: 'app-secret', models: ['dify'] });
    await addChannel(server, {
      type: 37,
      name: 'dify broken',
      baseUrl: failing.url,
      key: 'app-broken',
      models: ['dify-broken'],
    });
    openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await dify.stop();
    await failing.stop();
  });

  it('blocking: chat-messages with the app key, the answer and the usage Dify reports', async () => {
    const before = await userQuota(server, userId);
    const completion = await openai.chat.completions.create({
      model: 'dify',
      messages: [{ role: 'user', content: 'iPhone 13 Pro Max specs?' }],
      user: 'alice',
    });
    expect(completion.choices[0]?.message.content).toBe('iPhone 13 Pro Max specs are listed here:...');
    expect(completion.usage).toMatchObject({ prompt_tokens: 1033, completion_tokens: 128 });
    expect(dify.received.at(-1)).toMatchObject({
      path: '/v1/chat-messages',
      headers: { authorization: 'Bearer app-secret' },
      body: {
        inputs: {},
        query: 'iPhone 13 Pro Max specs?',
        response_mode: 'blocking',
        conversation_id: '',
        user: 'alice',
      },
    });
    const log = await lastConsumeLog(server);
    expect(log).toMatchObject({ model_name: 'dify', prompt_tokens: 1033, completion_tokens: 128, is_stream: 0 });
    expect(await userQuota(server, userId)).toBe(before - log.quota);
  });

  it('streaming: answer events become chunks, workflow and ping events are skipped, message_end gives the usage', async () => {
    const stream = await openai.chat.completions.create({
      model: 'dify',
      messages: [{ role: 'user', content: 'iPhone 13 Pro Max specs?' }],
      stream: true,
      stream_options: { include_usage: true },
      // @ts-expect-error Dify's conversation id travels as an extra field of the OpenAI body
      conversation_id: '45701982-8118-4bc5-8e9b-64562b4555f2',
    });
    let text = '';
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe('iPhone 13 Pro Max specs are listed here:...');
    expect(finish).toBe('stop');
    expect(dify.received.at(-1)?.body).toMatchObject({
      response_mode: 'streaming',
      conversation_id: '45701982-8118-4bc5-8e9b-64562b4555f2',
      user: 'switchboard',
    });
    expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 1033, completion_tokens: 135 });
  });

  it('a Gemini client streams from the app too', async () => {
    const ai = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url } });
    let text = '';
    for await (const chunk of await ai.models.generateContentStream({
      model: 'dify',
      contents: 'iPhone 13 Pro Max specs?',
    }))
      text += chunk.text ?? '';
    expect(text).toBe('iPhone 13 Pro Max specs are listed here:...');
    expect(await lastConsumeLog(server)).toMatchObject({
      model_name: 'dify',
      prompt_tokens: 1033,
      completion_tokens: 135,
    });
  });

  it('an error event inside the stream reaches the client as an OpenAI error after what was delivered', async () => {
    const stream = await openai.chat.completions.create({
      model: 'dify-broken',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let text = '';
    const failure = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    })().catch((error: unknown) => error);
    expect(text).toBe('Let me');
    expect(String(failure)).toContain('Your quota for Dify Hosted Model Provider has been exhausted.');
  });
});
