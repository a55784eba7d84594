import { describe, expect, it } from 'vitest';
import type { CachedChannel } from '../../caches/channel-index';
import { relayEndpoints } from '../../endpoints';
import { mapModel } from '../../model-mapping';
import { buildUpstreamRequest } from './request';

const chat = relayEndpoints.find((endpoint) => endpoint.kind === 'chat')!;
const channel = (values: Partial<CachedChannel>): CachedChannel => ({
  id: 1,
  type: 1,
  name: 'c',
  key: 'secret',
  baseUrl: '',
  other: '',
  organization: '',
  modelMapping: {},
  statusCodeMapping: {},
  autoBan: true,
  priority: 0,
  weight: 0,
  ...values,
});

describe('upstream request of an OpenAI-compatible channel', () => {
  it('OpenAI: default base URL, Bearer key and the organization header', () => {
    const request = buildUpstreamRequest(channel({ organization: 'org-1' }), chat, 'gpt-4o', 'application/json', true);
    expect(request.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(request.headers).toMatchObject({ authorization: 'Bearer secret', 'openai-organization': 'org-1', accept: 'text/event-stream' });
  });

  it('Azure: deployment URL with the API version, api-key header', () => {
    const azure = channel({ type: 3, baseUrl: 'https://example.openai.azure.com', other: '2024-10-21' });
    const request = buildUpstreamRequest(azure, chat, 'gpt-4.1', 'application/json', false);
    expect(request.url).toBe('https://example.openai.azure.com/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21');
    expect(request.headers['api-key']).toBe('secret');
    expect(request.headers.authorization).toBeUndefined();
  });

  it('Azure without a version uses the default', () => {
    const request = buildUpstreamRequest(channel({ type: 3, baseUrl: 'https://a.example' }), chat, 'gpt-4o', 'application/json', false);
    expect(request.url).toMatch(/api-version=2025-04-01-preview$/);
  });

  it('custom: a base URL with a path is the full address, {model} filled in', () => {
    const custom = channel({ type: 8, baseUrl: 'https://proxy.example/models/{model}/chat' });
    expect(buildUpstreamRequest(custom, chat, 'my-model', 'application/json', false).url).toBe('https://proxy.example/models/my-model/chat');
    const bare = channel({ type: 8, baseUrl: 'https://proxy.example' });
    expect(buildUpstreamRequest(bare, chat, 'm', 'application/json', false).url).toBe('https://proxy.example/v1/chat/completions');
  });

  it('vendors: their default base URL', () => {
    expect(buildUpstreamRequest(channel({ type: 43 }), chat, 'deepseek-chat', 'application/json', false).url).toBe('https://api.deepseek.com/v1/chat/completions');
  });
});

describe('model mapping', () => {
  it('follows chains and refuses cycles', () => {
    expect(mapModel({ a: 'b', b: 'c' }, 'a')).toBe('c');
    expect(mapModel({ a: 'b' }, 'x')).toBe('x');
    expect(() => mapModel({ a: 'b', b: 'a' }, 'a')).toThrow(/cycle: a → b → a/);
  });
});
