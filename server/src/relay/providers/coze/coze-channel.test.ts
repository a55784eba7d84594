import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { addChannelWithOther, failureOf, lastConsumeLog, priceModels } from '../../../testing/provider-test-kit';
import { addToken, addUser } from '../../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../../testing/test-databases';
import { serverForTests } from '../../../testing/test-server';
import { cozeMessages } from './request';

/** Recordings written from Coze's documented wire format (API v3 chat: streamed events, error codes). */
const recording = (name: string, stream = false) => ({
  file: new URL(`./__fixtures__/${name}`, import.meta.url),
  stream,
});
const BOT_ID = '7379462189365198898';
const kinds = await availableDatabaseKinds();

describe('Coze messages', () => {
  it('open the first user message with the system text; assistant turns are answers', () => {
    expect(
      cozeMessages([
        { role: 'system', content: 'Reply in Chinese.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: '你好' },
        { role: 'user', content: 'What day is 2024-10-01?' },
      ]),
    ).toEqual([
      { role: 'user', content: 'Reply in Chinese.\n\nHi', content_type: 'text' },
      { role: 'assistant', type: 'answer', content: '你好', content_type: 'text' },
      { role: 'user', content: 'What day is 2024-10-01?', content_type: 'text' },
    ]);
  });
});

describe.each(kinds)('the official SDKs against a Coze channel (%s)', (kind) => {
  const server = serverForTests({ databaseKind: kind });
  let coze: FixtureReplayUpstream;
  let refusing: FixtureReplayUpstream;
  let apiKey: string;

  beforeAll(async () => {
    coze = await new FixtureReplayUpstream({ '/v3/chat': [recording('chat-stream.sse', true)] }).start();
    refusing = await new FixtureReplayUpstream({ '/v3/chat': [recording('error-auth.json')] }).start();
    await priceModels(server, { 'coze-bot': 1, 'coze-refused': 1 });
    const userId = await addUser(server, 'coze-user', { quota: 1_000_000 });
    apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
    await addChannelWithOther(
      server,
      { type: 49, name: 'coze', baseUrl: coze.url, key: 'pat_abc', models: ['coze-bot'] },
      BOT_ID,
    );
    await addChannelWithOther(
      server,
      { type: 49, name: 'coze refused', baseUrl: refusing.url, key: 'pat_bad', models: ['coze-refused'] },
      BOT_ID,
    );
  });

  afterAll(async () => {
    await coze.stop();
    await refusing.stop();
  });

  it('streams answer deltas only (not verbose or follow-up messages), billed from chat.completed usage', async () => {
    const openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
    const stream = await openai.chat.completions.create({
      model: 'coze-bot',
      messages: [{ role: 'user', content: 'What day is 2024-10-01?' }],
      stream: true,
      user: 'u-1',
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('2024 年 10 月 1 日是星期二。');
    expect(coze.received.at(-1)).toMatchObject({
      path: '/v3/chat',
      headers: { authorization: 'Bearer pat_abc' },
      body: {
        bot_id: BOT_ID,
        user_id: 'u-1',
        stream: true,
        additional_messages: [{ role: 'user', content: 'What day is 2024-10-01?', content_type: 'text' }],
      },
    });
    expect(await lastConsumeLog(server)).toMatchObject({
      model_name: 'coze-bot',
      is_stream: 1,
      prompt_tokens: 614,
      completion_tokens: 19,
      quota: 633,
    });
  });

  it('answers a client that does not stream from the finished event stream, for OpenAI and Anthropic clients', async () => {
    const openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
    const completion = await openai.chat.completions.create({
      model: 'coze-bot',
      messages: [{ role: 'user', content: 'What day is 2024-10-01?' }],
    });
    expect(completion.choices[0]?.message.content).toBe('2024 年 10 月 1 日是星期二。');
    expect(completion.usage).toMatchObject({ prompt_tokens: 614, completion_tokens: 19 });
    expect(coze.received.at(-1)?.body).toMatchObject({ stream: true, user_id: 'switchboard' });

    const anthropic = new Anthropic({ apiKey, baseURL: server.url, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model: 'coze-bot',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'What day is 2024-10-01?' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: '2024 年 10 月 1 日是星期二。' }]);
    expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 0, prompt_tokens: 614, completion_tokens: 19 });
  });

  it("reports Coze's refusal sent with HTTP 200 as an authentication error", async () => {
    const openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
    const failure = await failureOf(
      openai.chat.completions.create({ model: 'coze-refused', messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(failure.message).toContain('authentication is invalid');
    expect(failure.status).toBe(401);
  });
});
