import { describe, expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream, type Recording } from '../../../testing/fixture-replay-upstream';
import { lastConsumeLog, recordingsBeside, userQuota } from '../../../testing/provider-test-kit';
import {
  askChat,
  chatStreamUntilFailure,
  geminiClient,
  streamChat,
  streamedGeminiText,
} from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';
import { difyQuery } from './request';

/** Recordings written from Dify's documented wire format (Service API: POST /chat-messages, blocking and streaming). */
const recording = recordingsBeside(import.meta.url);
/** An upstream replaying `recordings` for the tests of this file; a call asks Dify to stream by its response_mode. */
const replaying = (recordings: Record<string, Recording[]>) =>
  new FixtureReplayUpstream(recordings, (body) => body.response_mode === 'streaming').forTests();

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

await describeProviderChannel(
  'the official SDKs against a Dify channel (%s)',
  () => ({
    dify: replaying({ '/v1/chat-messages': [recording('chat-blocking.json'), recording('chat-streaming.sse', true)] }),
    failing: replaying({ '/v1/chat-messages': [recording('stream-error.sse', true)] }),
  }),
  ({ dify, failing }) => ({
    username: 'dify-user',
    prices: { dify: 0.001, 'dify-broken': 0.001 },
    channels: [
      { type: 37, name: 'dify', baseUrl: dify.url, key: 'app-secret', models: ['dify'] },
      { type: 37, name: 'dify broken', baseUrl: failing.url, key: 'app-broken', models: ['dify-broken'] },
    ],
  }),
  (server, caller, { dify }) => {
    it('blocking: chat-messages with the app key, the answer and the usage Dify reports', async () => {
      const before = await userQuota(server, caller.userId);
      const completion = await askChat(caller.openai, 'dify', 'iPhone 13 Pro Max specs?', { user: 'alice' });
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
      expect(await userQuota(server, caller.userId)).toBe(before - log.quota);
    });

    it('streaming: answer events become chunks, workflow and ping events are skipped, message_end gives the usage', async () => {
      const stream = await streamChat(caller.openai, 'dify', 'iPhone 13 Pro Max specs?', {
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
      const ai = geminiClient(server, caller.apiKey);
      expect(await streamedGeminiText(ai, 'dify', 'iPhone 13 Pro Max specs?')).toBe(
        'iPhone 13 Pro Max specs are listed here:...',
      );
      await expectBilled(server, 'dify', { prompt: 1033, completion: 135 });
    });

    it('an error event inside the stream reaches the client as an OpenAI error after what was delivered', async () => {
      const { text, failure } = await chatStreamUntilFailure(await streamChat(caller.openai, 'dify-broken', 'Hi'));
      expect(text).toBe('Let me');
      expect(String(failure)).toContain('Your quota for Dify Hosted Model Provider has been exhausted.');
    });
  },
);
