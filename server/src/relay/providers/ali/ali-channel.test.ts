import { expect, it } from 'vitest';
import { expectBilled } from '../../../testing/expect-billed';
import { FixtureReplayUpstream } from '../../../testing/fixture-replay-upstream';
import { lastConsumeLog, recordingsBeside } from '../../../testing/provider-test-kit';
import { expectRelayedChat } from '../../../testing/relay-answers';
import { postRelay } from '../../../testing/relay-requests';
import { describeProviderChannel } from '../../../testing/provider-channel-suite';

/** Recordings written from Alibaba Model Studio's documented wire format (OpenAI-compatible mode, text-rerank service). */
const recording = recordingsBeside(import.meta.url);

await describeProviderChannel(
  'an Alibaba DashScope channel (%s)',
  () =>
    new FixtureReplayUpstream({
      '/compatible-mode/v1/chat/completions': [recording('compatible-chat.json')],
      '/api/v1/services/rerank/text-rerank/text-rerank': [recording('rerank.json')],
    }).forTests(),
  (dashscope) => ({
    username: 'ali-user',
    prices: { 'qwen-plus': 1, 'gte-rerank': 1 },
    channels: [
      {
        type: 17,
        name: 'dashscope',
        baseUrl: dashscope.url,
        key: 'sk-dashscope',
        models: ['qwen-plus', 'gte-rerank'],
      },
    ],
  }),
  (server, caller, dashscope) => {
    it('chats through compatible mode', async () => {
      await expectRelayedChat(caller.openai, dashscope, {
        model: 'qwen-plus',
        prompt: '你是谁？',
        answer: '我是通义千问，由阿里云开发的大语言模型。',
        path: '/compatible-mode/v1/chat/completions',
        key: 'sk-dashscope',
      });
      await expectBilled(server, 'qwen-plus', { prompt: 22, completion: 16 });
    });

    it('reranks through the native text-rerank service, answered in the /v1/rerank shape and billed by its tokens', async () => {
      const response = await postRelay(server, '/v1/rerank', caller.apiKey, {
        model: 'gte-rerank',
        query: '什么是文本排序模型',
        documents: [
          '文本排序模型广泛用于搜索引擎和推荐系统中，它们根据文本相关性对候选文本进行排序',
          '预训练语言模型',
          '量子计算是计算科学的一个前沿领域',
        ],
        top_n: 2,
        return_documents: true,
      });
      expect(response.status).toBe(200);
      const ranking = (await response.json()) as {
        results: Array<{ index: number; relevance_score: number }>;
        usage: { total_tokens: number };
      };
      expect(ranking.results.map((result) => result.index)).toEqual([0, 2]);
      expect(ranking.usage).toEqual({ total_tokens: 79 });
      expect(dashscope.received.at(-1)).toMatchObject({
        path: '/api/v1/services/rerank/text-rerank/text-rerank',
        body: {
          model: 'gte-rerank',
          input: { query: '什么是文本排序模型' },
          parameters: { top_n: 2, return_documents: true },
        },
      });
      expect(await lastConsumeLog(server)).toMatchObject({ model_name: 'gte-rerank', prompt_tokens: 79, quota: 79 });
    });
  },
);
