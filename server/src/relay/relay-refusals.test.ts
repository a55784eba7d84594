import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { addChannel, addToken, addUser } from '../testing/relay-fixtures';
import { serverForTests } from '../testing/test-server';

const server = serverForTests();
let upstream: FakeOpenAIUpstream;
let userId: number;

interface OpenAIError {
  error: { message: string; type: string; code: string };
}

async function chat(
  apiKey: string | null,
  body: Record<string, unknown> = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const response = await server.call('/v1/chat/completions', { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as OpenAIError };
}

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  userId = await addUser(server, 'refused', { quota: 1_000_000 });
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'unpriced-model'] });
});

afterAll(async () => {
  await upstream.stop();
});

describe('refusals, in the OpenAI error shape', () => {
  it('no key: 401', async () => {
    const { status, body } = await chat(null);
    expect(status).toBe(401);
    expect(body.error).toMatchObject({
      type: 'authentication_error',
      message: expect.stringMatching(/^No API key provided \(request id: \w+\)$/),
    });
  });

  it('unknown key: 401', async () => {
    expect(await chat('sk-unknownkeyunknownkeyunknownkeyunknownkeyunknown')).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key' } },
    });
  });

  it.each([
    ['disabled', { status: 2 }, /disabled/],
    ['expired', { expiredTime: 1_000 }, /expired/],
    ['exhausted', { remain: 0 }, /used up its quota/],
  ])('%s token: 401', async (_case, values, message) => {
    const token = await addToken(server, userId, { remain: 1_000_000, ...values });
    const { status, body } = await chat(token.apiKey);
    expect(status).toBe(401);
    expect(body.error.message).toMatch(message);
  });

  it('client address outside the allow list: 403; inside it: served', async () => {
    const outside = await addToken(server, userId, { unlimited: true, allowIps: '10.0.0.0/8\n192.168.1.1' });
    const refused = await chat(outside.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/Your IP 127\.0\.0\.1 is not allowed/);
    const inside = await addToken(server, userId, { unlimited: true, allowIps: '10.0.0.0/8\n127.0.0.0/24' });
    expect((await chat(inside.apiKey)).status).toBe(200);
  });

  it('model outside the token model limits: 403', async () => {
    const token = await addToken(server, userId, { unlimited: true, modelLimits: ['gpt-4o'] });
    const { status, body } = await chat(token.apiKey);
    expect(status).toBe(403);
    expect(body.error.message).toMatch(/may not use the model gpt-4o-mini/);
  });

  it('banned user: 403', async () => {
    const banned = await addUser(server, 'banned-user', { quota: 1_000_000 });
    await server.context.database.db.updateTable('users').set({ status: 2 }).where('id', '=', banned).execute();
    const token = await addToken(server, banned, { unlimited: true });
    const { status, body } = await chat(token.apiKey);
    expect(status).toBe(403);
    expect(body.error.message).toMatch(/banned/);
  });

  it('a token group the user may not use: 403', async () => {
    await server.context.options.save('GroupRatio', JSON.stringify({ default: 1, vip: 1, svip: 1 }));
    const token = await addToken(server, userId, { unlimited: true, group: 'svip' });
    const { status, body } = await chat(token.apiKey);
    expect(status).toBe(403);
    expect(body.error.message).toMatch(/No access to the group svip/);
  });

  it('pinning a channel is for admins only', async () => {
    const token = await addToken(server, userId, { unlimited: true });
    const { status, body } = await chat(`${token.apiKey}-1`);
    expect(status).toBe(403);
    expect(body.error.message).toMatch(/Only administrators may pin a channel/);
  });

  it('an unpriced model: 400 with a clear message', async () => {
    const token = await addToken(server, userId, { unlimited: true });
    const { status, body } = await chat(token.apiKey, { model: 'unpriced-model', messages: [] });
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/The model unpriced-model has no price or ratio/);
  });

  it('insufficient user quota: 403', async () => {
    const poor = await addUser(server, 'poor-user', { quota: 0 });
    const token = await addToken(server, poor, { unlimited: true });
    const { status, body } = await chat(token.apiKey);
    expect(status).toBe(403);
    expect(body.error.code).toBe('insufficient_user_quota');
  });

  it('a body that is not JSON: 400', async () => {
    const token = await addToken(server, userId, { unlimited: true });
    const response = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(response.status).toBe(400);
  });

  it('an endpoint the gateway does not serve: 501; an unknown path: 404', async () => {
    const token = await addToken(server, userId, { unlimited: true });
    const files = await server.call('/v1/files', { headers: { authorization: `Bearer ${token.apiKey}` } });
    expect(files.status).toBe(501);
    const unknown = await server.call('/v1/no/such/path', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: {
        message: 'Invalid URL (POST /v1/no/such/path)',
        type: 'invalid_request_error',
        param: '',
        code: 'invalid_url',
      },
    });
    const unknownMode = await server.call('/mj-fast/mj/no/such/path', { method: 'POST' });
    expect(unknownMode.status).toBe(404);
    expect(await unknownMode.json()).toMatchObject({
      error: { message: 'Invalid URL (POST /mj-fast/mj/no/such/path)', code: 'invalid_url' },
    });
  });
});
