import { describe, expect, it } from 'vitest';
import { cachedChannel } from '../../testing/provider-test-kit';
import { realtimeTarget, servesRealtime } from './realtime-upstream';

describe('where a realtime session opens upstream', () => {
  it('OpenAI: the default address as wss, Bearer key; the beta header only for a preview model', () => {
    expect(realtimeTarget(cachedChannel({}), 'gpt-realtime', false)).toEqual({
      url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime',
      protocols: [],
      headers: { authorization: 'Bearer secret' },
    });
    expect(realtimeTarget(cachedChannel({}), 'gpt-4o-realtime-preview-2024-12-17', false).headers).toMatchObject({
      'openai-beta': 'realtime=v1',
    });
  });

  it('a browser client: the channel key travels as a subprotocol, with the beta marker for a preview model', () => {
    const target = realtimeTarget(cachedChannel({ baseUrl: 'http://127.0.0.1:9/v1' }), 'gpt-4o-realtime-preview', true);
    expect(target).toEqual({
      url: 'ws://127.0.0.1:9/v1/realtime?model=gpt-4o-realtime-preview',
      protocols: ['realtime', 'openai-insecure-api-key.secret', 'openai-beta.realtime-v1'],
      headers: {},
    });
  });

  it('Azure: /openai/realtime with the deployment (dots removed), the API version and api-key', () => {
    const target = realtimeTarget(
      cachedChannel({ type: 3, baseUrl: 'https://example.openai.azure.com', other: '2025-04-01-preview' }),
      'gpt-4.1-realtime',
      false,
    );
    expect(target.url).toBe(
      'wss://example.openai.azure.com/openai/realtime?deployment=gpt-41-realtime&api-version=2025-04-01-preview',
    );
    expect(target.headers).toEqual({ 'api-key': 'secret' });
  });

  it('types with an adapter of their own are passed over; OpenAI-compatible ones serve realtime', () => {
    expect(servesRealtime(cachedChannel({ type: 14 }))).toBe(false);
    expect(servesRealtime(cachedChannel({ type: 24 }))).toBe(false);
    expect(servesRealtime(cachedChannel({ type: 1 }))).toBe(true);
    expect(servesRealtime(cachedChannel({ type: 3 }))).toBe(true);
  });
});
