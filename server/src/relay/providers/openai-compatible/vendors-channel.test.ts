import { expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { lastConsumeLog, recordingsBeside, userQuota } from '../../../testing/provider-test-kit';
import { expectRelayedChat } from '../../../testing/relay-answers';
import { postRelay } from '../../../testing/relay-requests';
import {
  anthropicClient,
  claudeMessage,
  geminiClient,
  streamedChatText,
  streamedGeminiText,
} from '../../../testing/sdk-clients';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';

/** Recordings written from each vendor's documented wire format (Zhipu, Cloudflare, VolcEngine, Cohere, Xunfei Spark HTTP API references). */
const recording = recordingsBeside(import.meta.url);

await describeProviderChannel(
  'OpenAI-compatible vendors at their own paths, through the official SDKs (%s)',
  () =>
    new FixtureReplayUpstream({
      '/api/paas/v4/chat/completions': [recording('zhipu-chat.json'), recording('zhipu-chat-stream.sse', true)],
      '/api/paas/v4/embeddings': [recording('zhipu-embeddings.json')],
      '/client/v4/accounts/acc-42/ai/v1/chat/completions': [recording('cloudflare-chat.json')],
      '/api/v3/bots/chat/completions': [recording('volcengine-bot-chat.json')],
      '/v2/rerank': [recording('cohere-rerank.json')],
      '/v1/chat/completions': [recording('xunfei-chat.json')],
    }).forTests(),
  (vendor) => ({
    username: 'vendor-user',
    prices: {
      'glm-4': 0.5,
      'embedding-3': 0.05,
      '@cf/meta/llama-3.1-8b-instruct': 1,
      'bot-weather': 1,
      'rerank-english-v3.0': 1,
      'generalv3.5': 1,
    },
    channels: [
      { type: 26, name: 'zhipu', baseUrl: vendor.url, key: 'zhipu-key', models: ['glm-4', 'embedding-3'] },
      {
        type: 39,
        name: 'cloudflare',
        baseUrl: vendor.url,
        key: 'cf-token',
        models: ['@cf/meta/llama-3.1-8b-instruct'],
        other: 'acc-42',
      },
      { type: 45, name: 'volcengine', baseUrl: vendor.url, key: 'ark-key', models: ['bot-weather'] },
      { type: 34, name: 'cohere', baseUrl: vendor.url, key: 'co-key', models: ['rerank-english-v3.0'] },
      { type: 18, name: 'spark', baseUrl: vendor.url, key: 'api-password', models: ['generalv3.5'] },
    ],
  }),
  (server, caller, vendor) => {
    it('Zhipu GLM-4: chat, stream and embeddings under /api/paas/v4 with the Bearer key, billed from its usage', async () => {
      const before = await userQuota(server, caller.userId);
      const answer = '你好！有什么可以帮你的吗？';
      const chat = { model: 'glm-4', prompt: '你好', answer, path: '/api/paas/v4/chat/completions', key: 'zhipu-key' };
      await expectRelayedChat(caller.openai, vendor, chat);
      await expectBilled(server, 'glm-4', { prompt: 7, completion: 9, stream: false });
      const chatQuota = (await lastConsumeLog(server)).quota;

      expect(await streamedChatText(caller.openai, chat.model, chat.prompt)).toBe(answer);
      expect(await lastConsumeLog(server)).toMatchObject({
        prompt_tokens: 7,
        completion_tokens: 9,
        is_stream: 1,
        quota: chatQuota,
      });

      const embedding = await caller.openai.embeddings.create({ model: 'embedding-3', input: 'hello world' });
      expect(embedding.data[0]?.embedding).toHaveLength(3);
      expect(vendor.received.at(-1)?.path).toBe('/api/paas/v4/embeddings');
      expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'embedding-3', prompt_tokens: 4, quota: 1 });
      expect(await userQuota(server, caller.userId)).toBe(before - 2 * chatQuota - 1);
    });

    it('the Anthropic and Gemini SDKs reach Zhipu by conversion, streamed and not, billed from Zhipu usage', async () => {
      const anthropic = anthropicClient(server, caller.apiKey);
      const message = await anthropic.messages.create(claudeMessage('glm-4', '你好'));
      expect(message.content).toEqual([{ type: 'text', text: '你好！有什么可以帮你的吗？' }]);
      expect(message.usage).toMatchObject({ input_tokens: 7, output_tokens: 9 });
      expect(vendor.received.at(-1)?.path).toBe('/api/paas/v4/chat/completions');

      let streamed = '';
      const events = anthropic.messages.stream(claudeMessage('glm-4', '你好'));
      events.on('text', (delta) => (streamed += delta));
      const final = await events.finalMessage();
      expect(streamed).toBe('你好！有什么可以帮你的吗？');
      expect(final.usage.output_tokens).toBe(9);
      await expectBilled(server, 'glm-4', { prompt: 7, completion: 9, stream: true });

      const ai = geminiClient(server, caller.apiKey);
      expect(await streamedGeminiText(ai, 'glm-4', '你好')).toBe('你好！有什么可以帮你的吗？');
      expect(vendor.received.at(-1)?.body).toMatchObject({ stream: true, model: 'glm-4' });
      expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 7, completion_tokens: 9 });
    });

    it.each([
      {
        title: "Cloudflare: the account id from the channel's other in the path",
        model: '@cf/meta/llama-3.1-8b-instruct',
        prompt: 'Make some robot noises',
        answer: 'Beep boop, whirr.',
        path: '/client/v4/accounts/acc-42/ai/v1/chat/completions',
        key: 'cf-token',
        tokens: { prompt_tokens: 18, completion_tokens: 6 },
      },
      {
        title: 'VolcEngine: a bot- model goes to /api/v3/bots/chat/completions',
        model: 'bot-weather',
        prompt: '北京天气',
        answer: '北京今天晴，最高气温 28℃。',
        path: '/api/v3/bots/chat/completions',
        key: 'ark-key',
        tokens: { prompt_tokens: 12, completion_tokens: 14 },
      },
      {
        title: "Xunfei Spark: its HTTP API with the APIPassword as Bearer, billed from Spark's usage",
        model: 'generalv3.5',
        prompt: '你好',
        answer: '你好，我是讯飞星火认知大模型。',
        path: '/v1/chat/completions',
        key: 'api-password',
        tokens: { prompt_tokens: 4, completion_tokens: 11 },
      },
    ])('$title', async ({ tokens, ...chat }) => {
      await expectRelayedChat(caller.openai, vendor, chat);
      expect(await lastConsumeLog(server)).toMatchObject({ model_name: chat.model, ...tokens });
    });

    it('Cohere: /v1/rerank goes to its v2 rerank API in the same shape', async () => {
      const response = await postRelay(server, '/v1/rerank', caller.apiKey, {
        model: 'rerank-english-v3.0',
        query: 'What is Deep Learning?',
        documents: ['Cats purr.', 'Deep learning is a subset of machine learning.'],
        top_n: 2,
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
  },
);
