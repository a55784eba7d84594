import { ApiError, GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogleUpstream } from '../../testing/fake-google-upstream';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannelWithOther, lastConsumeLog } from '../../testing/provider-test-kit';
import { addChannel, addToken, addUser } from '../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../testing/test-databases';
import { serverForTests } from '../../testing/test-server';

const kinds = await availableDatabaseKinds();
const unauthenticated = JSON.stringify({
  error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
});

describe.each(kinds)('failover and channel health for Gemini clients (%s)', (kind) => {
  const server = serverForTests({ databaseKind: kind });
  let google: FakeGoogleUpstream;
  let openai: FakeOpenAIUpstream;
  let ai: GoogleGenAI;

  beforeAll(async () => {
    await server.context.options.save('RetryTimes', '2');
    await server.context.options.save('AutomaticDisableChannelEnabled', 'true');
    google = await new FakeGoogleUpstream().start();
    openai = await new FakeOpenAIUpstream().start();
    const userId = await addUser(server, 'failover-user', { quota: 10_000_000 });
    const { apiKey } = await addToken(server, userId, { unlimited: true });
    ai = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url, headers: { 'accept-language': 'en' } } });
  });

  afterAll(async () => {
    await google.stop();
    await openai.stop();
  });

  it('a failing Gemini channel hands the call to an OpenAI channel, answered in Gemini shape', async () => {
    const gemini = await addChannelWithOther(
      server,
      {
        type: 24,
        name: 'gemini first',
        baseUrl: google.url,
        models: ['gemini-2.5-flash'],
        priority: 10,
        autoBan: false,
      },
      '',
    );
    const fallback = await addChannel(server, {
      type: 1,
      name: 'openai second',
      baseUrl: openai.url,
      models: ['gemini-2.5-flash'],
      priority: 0,
    });
    google.failWith = {
      status: 503,
      body: JSON.stringify({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }),
    };
    try {
      const response = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' });
      expect(response.text).toBe('Hello from the fake upstream');
      expect(response.usageMetadata).toMatchObject({ promptTokenCount: 10, candidatesTokenCount: 20 });
    } finally {
      google.failWith = null;
    }
    expect(google.last?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(openai.received.at(-1)?.body).toMatchObject({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const log = await lastConsumeLog(server);
    expect(log).toMatchObject({ channel_id: fallback, prompt_tokens: 10, completion_tokens: 20 });
    expect(log.other).toMatchObject({ admin_info: { use_channel: [String(gemini), String(fallback)] } });
  });

  it('a Gemini channel whose key Google refuses (401) is disabled; the client gets the error in Gemini shape', async () => {
    const refused = await addChannelWithOther(
      server,
      { type: 24, name: 'gemini refused', baseUrl: google.url, models: ['gemini-2.5-pro'] },
      '',
    );
    google.failWith = { status: 401, body: unauthenticated };
    try {
      const error: unknown = await ai.models
        .generateContent({ model: 'gemini-2.5-pro', contents: 'Hi' })
        .catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
      expect(JSON.parse((error as ApiError).message)).toMatchObject({
        error: {
          code: 401,
          status: 'UNAUTHENTICATED',
          message: expect.stringContaining('invalid authentication credentials'),
        },
      });
    } finally {
      google.failWith = null;
    }
    const channel = await server.context.database.db
      .selectFrom('channels')
      .select(['status', 'other_info'])
      .where('id', '=', refused)
      .executeTakeFirstOrThrow();
    expect(channel.status).toBe(3);
    expect(JSON.parse(channel.other_info)).toMatchObject({
      status_reason: 'upstream HTTP 401 (UNAUTHENTICATED): Request had invalid authentication credentials.',
    });
  });
});
