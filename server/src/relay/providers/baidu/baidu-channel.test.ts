import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { expectChatAnswer } from '../../../testing/relay-answers';
import {
  chatWithSystem,
  failureOf,
  lastConsumeLog,
  recordingsBeside,
  userQuota,
} from '../../../testing/provider-test-kit';
import { anthropicClient, askChat, claudeMessage, streamChat } from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';
import { ernieMessages } from './request';

/** Recordings written from Baidu's documented wire format (Qianfan ERNIE API reference: access token, chat, embeddings, error codes). */
const recording = recordingsBeside(import.meta.url);
const CHAT = '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat';

describe('ERNIE messages', () => {
  it('moves system text out and joins neighbours of one role so that user and assistant alternate', () => {
    expect(
      ernieMessages([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'user', content: [{ type: 'text', text: 'there' }] },
        { role: 'assistant', content: 'Hello' },
        { role: 'tool', content: '42', tool_call_id: 'c1' },
      ]),
    ).toEqual({
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Hi\nthere' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: '42' },
      ],
    });
  });
});

await describeProviderChannel(
  'the official SDKs against a Baidu Wenxin channel (%s)',
  () =>
    new FixtureReplayUpstream({
      '/oauth/2.0/token': [recording('access-token.json')],
      [`${CHAT}/completions_pro`]: [recording('chat-completion.json'), recording('chat-stream.sse', true)],
      [`${CHAT}/ernie-lite-8k`]: [recording('error-token-invalid.json')],
      '/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1': [recording('embeddings.json')],
    }).forTests(),
  (baidu) => ({
    username: 'baidu-user',
    prices: { 'ERNIE-4.0-8K': 1, 'ERNIE-Lite-8K': 1, 'Embedding-V1': 0.1 },
    channels: [
      {
        type: 15,
        name: 'wenxin',
        baseUrl: baidu.url,
        key: 'ak-123|sk-456',
        models: ['ERNIE-4.0-8K', 'Embedding-V1'],
      },
      { type: 15, name: 'wenxin lite', baseUrl: baidu.url, key: 'ak-lite|sk-lite', models: ['ERNIE-Lite-8K'] },
    ],
  }),
  (server, caller, baidu) => {
    it('exchanges the keys for an access token once, then chats and streams with it, billed from ERNIE usage', async () => {
      const openai = caller.openai;
      const before = await userQuota(server, caller.userId);
      const completion = await chatWithSystem(openai, 'ERNIE-4.0-8K', '你是文心一言', '你好', { max_tokens: 100 });
      expectChatAnswer(completion, '您好，我是文心一言，很高兴为您服务。', { prompt_tokens: 5, completion_tokens: 12 });
      const token = baidu.received.find((request) => request.path === '/oauth/2.0/token');
      expect(new URLSearchParams(token?.query)).toEqual(
        new URLSearchParams({ grant_type: 'client_credentials', client_id: 'ak-123', client_secret: 'sk-456' }),
      );
      expect(baidu.received.at(-1)).toMatchObject({
        path: `${CHAT}/completions_pro`,
        query: 'access_token=24.6c5e1ff107f0e8bcef8c46d3424a0e78.2592000.1485516651.282335-8574074',
        body: {
          messages: [{ role: 'user', content: '你好' }],
          system: '你是文心一言',
          max_output_tokens: 100,
          stream: false,
        },
      });
      await expectBilled(server, 'ERNIE-4.0-8K', { prompt: 5, completion: 12, quota: 17 });

      const stream = await streamChat(openai, 'ERNIE-4.0-8K', '你好', { stream_options: { include_usage: true } });
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        usage = chunk.usage ?? usage;
      }
      expect(text).toBe('您好，我是文心一言，很高兴为您服务。');
      expect(usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 12 });
      expect(baidu.received.at(-1)?.body).toMatchObject({ stream: true });
      expect(await lastConsumeLog(server)).toMatchObject({
        is_stream: 1,
        prompt_tokens: 5,
        completion_tokens: 12,
        quota: 17,
      });
      expect(baidu.received.filter((request) => request.path === '/oauth/2.0/token')).toHaveLength(1);
      expect(await userQuota(server, caller.userId)).toBe(before - 34);
    });

    it('serves Anthropic clients and embeddings through the same token', async () => {
      const message = await anthropicClient(server, caller.apiKey).messages.create(
        claudeMessage('ERNIE-4.0-8K', '你好'),
      );
      expect(message.content).toEqual([{ type: 'text', text: '您好，我是文心一言，很高兴为您服务。' }]);
      expect(message.usage).toMatchObject({ input_tokens: 5, output_tokens: 12 });

      const embedding = await caller.openai.embeddings.create({
        model: 'Embedding-V1',
        input: 'hello world',
      });
      expect(embedding.data[0]?.embedding).toEqual([0.018314670771360397, 0.00942440889775753, -0.36294862627983093]);
      expect(baidu.received.at(-1)?.body).toEqual({ input: ['hello world'] });
      expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'Embedding-V1', prompt_tokens: 4 });
    });

    it("reports Baidu's error sent with HTTP 200 as the upstream's error, and exchanges a new token next time", async () => {
      const openai = caller.openai;
      const exchanges = () =>
        baidu.received.filter((request) => request.path === '/oauth/2.0/token' && request.query.includes('ak-lite'))
          .length;
      const failure = await failureOf(askChat(openai, 'ERNIE-Lite-8K', 'Hi'));
      expect(failure.message).toContain('Access token invalid or no longer valid');
      expect(failure.status).toBe(401);
      expect(exchanges()).toBe(1);
      await askChat(openai, 'ERNIE-Lite-8K', 'Hi').catch(() => null);
      expect(exchanges()).toBe(2);
    });
  },
);
