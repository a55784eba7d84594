import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { FakeMidjourneyProxy } from '../testing/fake-midjourney-proxy';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { relayCaller } from '../testing/provider-test-kit';
import { addChannel } from '../testing/relay-fixtures';
import { serverForTests } from '../testing/test-server';

// A channel type decides which endpoints it serves (spec 001 §9): selection only ever considers
// channels that can serve the call, whatever models they list and whatever their priority.
const openai = new FakeOpenAIUpstream().forTests();
const proxy = new FakeMidjourneyProxy('mj-secret').forTests();
const server = serverForTests();

const customer = (name: string) => relayCaller(server, name, 10_000_000);

describe('channel selection by what a channel type serves', () => {
  it('never picks a drawing, music or video channel for chat, even at a higher priority', async () => {
    const model = 'gpt-4o-mini';
    await addChannel(server, { type: 2, baseUrl: proxy.url, key: 'mj-secret', models: [model], priority: 30 });
    await addChannel(server, { type: 36, baseUrl: proxy.url, key: 'suno', models: [model], priority: 20 });
    await addChannel(server, { type: 55, baseUrl: proxy.url, key: 'sora', models: [model], priority: 10 });
    await addChannel(server, { type: 1, baseUrl: openai.url, models: [model], priority: 0 });
    const token = await customer('chatter');
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
    for (let call = 0; call < 3; call += 1) {
      const completion = await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
      expect(completion.choices[0]?.message.content).toBe('Hello from the fake upstream');
    }
    expect(openai.received).toHaveLength(3);
    expect(proxy.received).toHaveLength(0);
  });

  it('never sends a drawing to a chat channel that lists the drawing model', async () => {
    await addChannel(server, { type: 1, baseUrl: openai.url, models: ['mj_imagine'], priority: 50 });
    await addChannel(server, { type: 2, baseUrl: proxy.url, key: 'mj-secret', models: ['mj_imagine'], priority: 0 });
    const before = openai.received.length;
    const token = await customer('painter');
    const response = await server.call('/mj/submit/imagine', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a lighthouse' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 1 });
    expect(proxy.callsTo('/mj/submit/imagine')).toHaveLength(1);
    expect(openai.received).toHaveLength(before);
  });

  it('answers "no channel" rather than a 500 when only a task channel lists a chat model', async () => {
    await addChannel(server, { type: 2, baseUrl: proxy.url, key: 'mj-secret', models: ['gpt-4-turbo'], priority: 0 });
    const token = await customer('lonely');
    const response = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ model: 'gpt-4-turbo', messages: [{ role: 'user', content: 'hi' }] }),
    });
    // Before: the drawing channel was chosen and the call failed with 500 "cannot relay".
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'model_not_found' } });
  });
});
