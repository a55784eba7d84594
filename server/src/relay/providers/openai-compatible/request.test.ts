import { describe, expect, it } from 'vitest';
import { cachedChannel } from '../../../testing/provider-test-kit';
import { relayEndpoints } from '../../endpoints';
import { mapModel } from '../../model-mapping';
import { buildUpstreamRequest } from './request';

const chat = relayEndpoints.find((endpoint) => endpoint.kind === 'chat')!;
const channel = cachedChannel;

/** The upstream request of a JSON chat of `model` on a channel with these values, streamed or not. */
const chatRequest = (values: Parameters<typeof cachedChannel>[0], model: string, stream = false) =>
  buildUpstreamRequest(channel(values), chat, model, 'application/json', stream);

describe('upstream request of an OpenAI-compatible channel', () => {
  it('OpenAI: default base URL, Bearer key and the organization header', () => {
    const request = chatRequest({ organization: 'org-1' }, 'gpt-4o', true);
    expect(request.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(request.headers).toMatchObject({
      authorization: 'Bearer secret',
      'openai-organization': 'org-1',
      accept: 'text/event-stream',
    });
  });

  it('Azure: deployment URL with the API version, api-key header', () => {
    const azure = { type: 3, baseUrl: 'https://example.openai.azure.com', other: '2024-10-21' };
    const request = chatRequest(azure, 'gpt-4.1');
    expect(request.url).toBe(
      'https://example.openai.azure.com/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21',
    );
    expect(request.headers['api-key']).toBe('secret');
    expect(request.headers.authorization).toBeUndefined();
  });

  it('Azure without a version uses the default', () => {
    const request = chatRequest({ type: 3, baseUrl: 'https://a.example' }, 'gpt-4o');
    expect(request.url).toMatch(/api-version=2025-04-01-preview$/);
  });

  it('custom: a base URL with a path is the full address, {model} filled in', () => {
    const custom = { type: 8, baseUrl: 'https://proxy.example/models/{model}/chat' };
    expect(chatRequest(custom, 'my-model').url).toBe('https://proxy.example/models/my-model/chat');
    const bare = { type: 8, baseUrl: 'https://proxy.example' };
    expect(chatRequest(bare, 'm').url).toBe('https://proxy.example/v1/chat/completions');
  });

  it('vendors: their default base URL', () => {
    expect(chatRequest({ type: 43 }, 'deepseek-chat').url).toBe('https://api.deepseek.com/v1/chat/completions');
  });

  it.each([
    [26, 'chat', 'glm-4', 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    [26, 'embeddings', 'embedding-3', 'https://open.bigmodel.cn/api/paas/v4/embeddings'],
    [17, 'chat', 'qwen-plus', 'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions'],
    [17, 'embeddings', 'text-embedding-v1', 'https://dashscope.aliyuncs.com/compatible-mode/v1/embeddings'],
    [45, 'chat', 'doubao-seed-1-6-250615', 'https://ark.cn-beijing.volces.com/api/v3/chat/completions'],
    [45, 'chat', 'bot-20250101-abcde', 'https://ark.cn-beijing.volces.com/api/v3/bots/chat/completions'],
    [45, 'embeddings', 'bot-like-embedding', 'https://ark.cn-beijing.volces.com/api/v3/embeddings'],
    [46, 'chat', 'ernie-4.0-8k-latest', 'https://qianfan.baidubce.com/v2/chat/completions'],
    [27, 'chat', 'sonar', 'https://api.perplexity.ai/chat/completions'],
    [18, 'chat', 'generalv3.5', 'https://spark-api-open.xf-yun.com/v1/chat/completions'],
    [35, 'chat', 'MiniMax-M1', 'https://api.minimax.chat/v1/text/chatcompletion_v2'],
    [34, 'chat', 'command-r', 'https://api.cohere.ai/compatibility/v1/chat/completions'],
    [34, 'rerank', 'rerank-english-v3.0', 'https://api.cohere.ai/v2/rerank'],
    [40, 'rerank', 'BAAI/bge-reranker-v2-m3', 'https://api.siliconflow.cn/v1/rerank'],
    [38, 'rerank', 'jina-reranker-v2-base-multilingual', 'https://api.jina.ai/v1/rerank'],
  ] as const)('type %i, %s of %s goes to %s', (type, kind, model, url) => {
    const endpoint = relayEndpoints.find((entry) => entry.kind === kind)!;
    expect(buildUpstreamRequest(channel({ type }), endpoint, model, 'application/json', false).url).toBe(url);
  });

  it('Cloudflare: the account id from other, Bearer token', () => {
    const request = chatRequest({ type: 39, other: 'acc 1' }, '@cf/meta/llama-3.1-8b-instruct');
    expect(request.url).toBe('https://api.cloudflare.com/client/v4/accounts/acc%201/ai/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer secret');
  });

  it("OpenRouter: its title header, the channel's app URL as HTTP-Referer when set; a set base URL wins over the default", () => {
    const request = chatRequest(
      { type: 20, baseUrl: 'http://127.0.0.1:9', other: 'https://chat.example.com' },
      'openai/gpt-4o',
    );
    expect(request.url).toBe('http://127.0.0.1:9/v1/chat/completions');
    expect(request.headers).toMatchObject({
      authorization: 'Bearer secret',
      'http-referer': 'https://chat.example.com',
      'x-title': 'Switchboard',
    });
    expect(chatRequest({ type: 20 }, 'openai/gpt-4o').headers['http-referer']).toBeUndefined();
  });

  it('an endpoint the vendor lacks is refused before any call', () => {
    const speech = relayEndpoints.find((entry) => entry.kind === 'speech')!;
    expect(() =>
      buildUpstreamRequest(channel({ type: 43 }), speech, 'deepseek-chat', 'application/json', false),
    ).toThrow(/does not serve \/v1\/audio\/speech/);
  });

  it('Azure and custom channels without a base URL are refused, never sent to OpenAI', () => {
    expect(() => chatRequest({ type: 3 }, 'gpt-4o')).toThrow(/no base URL/);
    expect(() => chatRequest({ type: 8 }, 'gpt-4o')).toThrow(/no base URL/);
  });
});

describe('model mapping', () => {
  it('follows chains and refuses cycles', () => {
    expect(mapModel({ a: 'b', b: 'c' }, 'a')).toBe('c');
    expect(mapModel({ a: 'b' }, 'x')).toBe('x');
    expect(() => mapModel({ a: 'b', b: 'a' }, 'a')).toThrow(/cycle: a → b → a/);
  });
});
