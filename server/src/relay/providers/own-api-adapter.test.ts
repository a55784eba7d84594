import { describe, expect, it } from 'vitest';
import { cachedChannel, chatTarget } from '../../testing/provider-test-kit';
import { relayEndpoints } from '../endpoints';
import { parseJsonBody } from '../formats/request-body';
import { difyAdapter } from './dify/adapter';
import { plainText } from './own-api-adapter';

const chat = relayEndpoints.find((endpoint) => endpoint.kind === 'chat')!;

describe('an adapter of a vendor with its own API', () => {
  it('speaks no client dialect, so every client is converted', () => {
    const target = chatTarget(cachedChannel({ type: 37 }), 'dify', { endpoint: chat });
    expect(difyAdapter.nativeDialect(target)).toBe('own');
  });

  it("still addresses the vendor for a body already in the vendor's format, and hands its answer back unchanged", async () => {
    const target = chatTarget(cachedChannel({ type: 37, baseUrl: 'http://127.0.0.1:9', key: 'app-key' }), 'dify', {
      endpoint: chat,
    });
    const body = parseJsonBody(
      Buffer.from(JSON.stringify({ model: 'dify', query: 'Hi', inputs: {}, user: 'u', response_mode: 'blocking' })),
      undefined,
    );
    const request = await difyAdapter.native.request(target, body);
    expect(request).toMatchObject({
      url: 'http://127.0.0.1:9/v1/chat-messages',
      headers: { authorization: 'Bearer app-key' },
    });
    const answer = Buffer.from('{"answer":"Hello","message_id":"m1"}');
    expect(difyAdapter.native.whole(answer, 'application/json', target)).toEqual({
      body: answer,
      contentType: 'application/json',
      usage: null,
      text: '',
    });
  });

  it('reads the text parts of a message, leaving images out', () => {
    expect(
      plainText([
        { type: 'text', text: 'a' },
        { type: 'image_url', image_url: { url: 'x' } },
        { type: 'text', text: 'b' },
      ]),
    ).toBe('ab');
    expect(plainText(null)).toBe('');
  });
});
