import { describe, expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { failureOf, lastConsumeLog, recordingsBeside } from '../../../testing/provider-test-kit';
import { anthropicClient, askChat, claudeMessage, streamedChatText } from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';
import { cozeMessages } from './request';

/** Recordings written from Coze's documented wire format (API v3 chat: streamed events, error codes). */
const recording = recordingsBeside(import.meta.url);
const BOT_ID = '7379462189365198898';

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

await describeProviderChannel(
  'the official SDKs against a Coze channel (%s)',
  () => ({
    coze: new FixtureReplayUpstream({ '/v3/chat': [recording('chat-stream.sse', true)] }).forTests(),
    refusing: new FixtureReplayUpstream({ '/v3/chat': [recording('error-auth.json')] }).forTests(),
  }),
  ({ coze, refusing }) => ({
    username: 'coze-user',
    prices: { 'coze-bot': 1, 'coze-refused': 1 },
    channels: [
      { type: 49, name: 'coze', baseUrl: coze.url, key: 'pat_abc', models: ['coze-bot'], other: BOT_ID },
      {
        type: 49,
        name: 'coze refused',
        baseUrl: refusing.url,
        key: 'pat_bad',
        models: ['coze-refused'],
        other: BOT_ID,
      },
    ],
  }),
  (server, caller, { coze }) => {
    it('streams answer deltas only (not verbose or follow-up messages), billed from chat.completed usage', async () => {
      expect(await streamedChatText(caller.openai, 'coze-bot', 'What day is 2024-10-01?', { user: 'u-1' })).toBe(
        '2024 年 10 月 1 日是星期二。',
      );
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
      await expectBilled(server, 'coze-bot', { prompt: 614, completion: 19, stream: true, quota: 633 });
    });

    it('answers a client that does not stream from the finished event stream, for OpenAI and Anthropic clients', async () => {
      const completion = await askChat(caller.openai, 'coze-bot', 'What day is 2024-10-01?');
      expect(completion.choices[0]?.message.content).toBe('2024 年 10 月 1 日是星期二。');
      expect(completion.usage).toMatchObject({ prompt_tokens: 614, completion_tokens: 19 });
      expect(coze.received.at(-1)?.body).toMatchObject({ stream: true, user_id: 'switchboard' });

      const message = await anthropicClient(server, caller.apiKey).messages.create(
        claudeMessage('coze-bot', 'What day is 2024-10-01?', 100),
      );
      expect(message.content).toEqual([{ type: 'text', text: '2024 年 10 月 1 日是星期二。' }]);
      expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 0, prompt_tokens: 614, completion_tokens: 19 });
    });

    it("reports Coze's refusal sent with HTTP 200 as an authentication error", async () => {
      const failure = await failureOf(askChat(caller.openai, 'coze-refused', 'Hi'));
      expect(failure.message).toContain('authentication is invalid');
      expect(failure.status).toBe(401);
    });
  },
);
