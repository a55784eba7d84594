import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { claudeErrorReply } from '../../testing/relay-error-replies';
import { addChannel, addToken, addUser } from '../../testing/relay-fixtures';
import { serverForTests } from '../../testing/test-server';

const server = serverForTests();
let upstream: FakeOpenAIUpstream;
let apiKey: string;

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  const userId = await addUser(server, 'one-model', { quota: 1_000_000 });
  apiKey = (await addToken(server, userId, { unlimited: true, modelLimits: ['gpt-4o-mini', 'whisper-1'] })).apiKey;
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'whisper-1', 'gpt-image-1'] });
});

afterAll(async () => {
  await upstream.stop();
});

async function send(path: string, body: string | FormData, headers: Record<string, string> = {}) {
  const response = await server.call(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'accept-language': 'en', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error: { message: string; code: string } } };
}

/** A transcription upload with these model parts (name and value, in order). */
const transcribe = (models: Array<[string, string]>) => {
  const form = new FormData();
  for (const [name, value] of models) form.append(name, value);
  form.append('file', new Blob([Buffer.from('RIFF fake audio')], { type: 'audio/wav' }), 'a.wav');
  return send('/v1/audio/transcriptions', form);
};

describe('one model per request, in the client dialect', () => {
  it('JSON with "model" and "Model": 400, nothing sent upstream', async () => {
    const sent = upstream.received.length;
    const json = (body: Record<string, unknown>) =>
      send('/v1/chat/completions', JSON.stringify(body), { 'content-type': 'application/json' });
    const both = await json({
      model: 'gpt-4o-mini',
      Model: 'gpt-image-1',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({
      code: 'duplicate_model',
      message: expect.stringContaining('model, Model'),
    });
    expect((await json({ MODEL: 'gpt-image-1', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(400);
    expect(upstream.received.length).toBe(sent);
    expect((await json({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
  });

  it('multipart with two model parts: 400, nothing sent upstream', async () => {
    const sent = upstream.received.length;
    const twice = await transcribe([
      ['model', 'whisper-1'],
      ['model', 'gpt-image-1'],
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatchObject({
      code: 'duplicate_model',
      message: expect.stringContaining('model, model'),
    });
    const lookalike = await transcribe([
      ['model', 'whisper-1'],
      ['Model', 'gpt-image-1'],
    ]);
    expect(lookalike.status).toBe(400);
    expect(upstream.received.length).toBe(sent);
    expect((await transcribe([['model', 'whisper-1']])).status).toBe(200);
  });

  it('an Anthropic client hears it in its own shape', async () => {
    const headers = { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'accept-language': 'en' };
    const messages = await server.call('/v1/messages', {
      method: 'POST',
      headers: { 'x-api-key': apiKey, ...headers },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        Model: 'gpt-image-1',
        max_tokens: 5,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(messages.status).toBe(400);
    expect(await messages.json()).toMatchObject(claudeErrorReply('invalid_request_error', 'one `model` field'));
  });
});
