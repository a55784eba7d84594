import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { SilentUpstream } from '../testing/flooding-upstream';
import { claudeErrorReply } from '../testing/relay-error-replies';
import { addChannel, addToken, addUser, flushAll } from '../testing/relay-fixtures';
import { storedRow } from '../testing/stored-rows';
import { startTestServer, type TestServer } from '../testing/test-server';

const MODEL = 'gpt-4o-mini';
const QUOTA = 10_000_000;

describe('an upstream that accepts the call and never answers (RELAY_TIMEOUT=1)', () => {
  let server: TestServer;
  let silent: SilentUpstream;
  let apiKey = '';
  let userId = 0;

  beforeAll(async () => {
    server = await startTestServer({ environment: { RELAY_TIMEOUT: '1' } });
    silent = await new SilentUpstream().start();
    userId = await addUser(server, 'timeout-user', { quota: QUOTA });
    ({ apiKey } = await addToken(server, userId, { unlimited: true }));
    await addChannel(server, { name: 'silent', baseUrl: silent.url, models: [MODEL], priority: 10 });
  });

  afterAll(async () => {
    await silent.stop();
    await server.stop();
  });

  const post = (path: string, body: unknown) =>
    server.call(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    });

  it('answers 504 in each client dialect and bills nothing', async () => {
    const chat = await post('/v1/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(chat.status).toBe(504);
    expect(await chat.json()).toMatchObject({
      error: { type: 'upstream_error', code: 'upstream_timeout', message: expect.stringContaining('RELAY_TIMEOUT') },
    });

    const messages = await post('/v1/messages', {
      model: MODEL,
      max_tokens: 16,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(messages.status).toBe(504);
    expect(await messages.json()).toMatchObject(claudeErrorReply('timeout_error', 'RELAY_TIMEOUT'));

    const gemini = await post(`/v1beta/models/${MODEL}:generateContent`, {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
    expect(gemini.status).toBe(504);
    expect(await gemini.json()).toMatchObject({ error: { code: 504, status: 'DEADLINE_EXCEEDED' } });

    expect(silent.accepted).toBeGreaterThanOrEqual(3);
    await flushAll(server);
    const user = await storedRow(server.context.database.db, 'users', { id: userId }, ['quota', 'used_quota']);
    expect({ quota: Number(user.quota), used: Number(user.used_quota) }).toEqual({ quota: QUOTA, used: 0 });
  }, 20_000);

  it('still fails over to the next channel when retries are allowed', async () => {
    const answering = await new FakeOpenAIUpstream().start();
    try {
      await addChannel(server, { name: 'answering', baseUrl: answering.url, models: [MODEL], priority: 0 });
      await server.context.options.save('RetryTimes', '1');
      const acceptedBefore = silent.accepted;
      const chat = await post('/v1/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
      expect(chat.status).toBe(200);
      expect(answering.received).toHaveLength(1);
      expect(silent.accepted).toBe(acceptedBefore + 1);
    } finally {
      await answering.stop();
    }
  }, 20_000);
});

describe('a call still waiting for its upstream when the server shuts down', () => {
  it('is cut after half of SHUTDOWN_TIMEOUT_SECONDS and answered 503 (the gateway is shutting down) in its dialect', async () => {
    const server = await startTestServer({ environment: { RELAY_TIMEOUT: '60', SHUTDOWN_TIMEOUT_SECONDS: '2' } });
    const silent = await new SilentUpstream().start();
    try {
      const userId = await addUser(server, 'shutdown-user', { quota: QUOTA });
      const { apiKey } = await addToken(server, userId, { unlimited: true });
      await addChannel(server, { name: 'silent', baseUrl: silent.url, models: [MODEL] });
      const answer = server.call('/v1/messages', {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
      });
      await expect.poll(() => silent.accepted, { timeout: 5_000, interval: 20 }).toBe(1);
      const closing = server.stop();
      const reply = await answer;
      expect(reply.status).toBe(503);
      expect(await reply.json()).toMatchObject(claudeErrorReply('overloaded_error', 'shutting down'));
      await closing;
    } finally {
      await silent.stop();
    }
  }, 20_000);
});
