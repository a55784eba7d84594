import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let upstream: FakeOpenAIUpstream;
let userId: number;
let apiKey: string;

const QUOTA = 1_000_000;
/** The word of the default SensitiveWords list, split over two stream chunks. */
const SPLIT_WORDS = ['Hello', ' test_', 'sensitive', ' never', ' delivered'];

type Dialect = 'openai' | 'anthropic' | 'gemini';

function call(dialect: Dialect, text: string, stream: boolean): Promise<Response> {
  const json = (path: string, headers: Record<string, string>, body: unknown) =>
    server.call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      body: JSON.stringify(body),
    });
  if (dialect === 'openai') {
    return json(
      '/v1/chat/completions',
      { authorization: `Bearer ${apiKey}` },
      { model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: text }] },
    );
  }
  if (dialect === 'anthropic') {
    return json(
      '/v1/messages',
      { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' },
      { model: 'gpt-4o-mini', max_tokens: 64, stream, messages: [{ role: 'user', content: text }] },
    );
  }
  const path = stream
    ? '/v1beta/models/gpt-4o-mini:streamGenerateContent?alt=sse'
    : '/v1beta/models/gpt-4o-mini:generateContent';
  return json(path, { 'x-goog-api-key': apiKey }, { contents: [{ role: 'user', parts: [{ text }] }] });
}

/** The dialect's own error shape, reduced to its message. */
function errorMessage(dialect: Dialect, body: Record<string, unknown>): string {
  const error = body.error as { message?: string; code?: unknown; type?: string; status?: string };
  if (dialect === 'openai') expect(error.code).toBe('sensitive_words_detected');
  if (dialect === 'anthropic') expect(body.type).toBe('error');
  if (dialect === 'gemini') expect(error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  return error.message ?? '';
}

/** A 400 in the dialect's own error shape naming the listed word. */
async function expectRefused(dialect: Dialect, response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(errorMessage(dialect, (await response.json()) as Record<string, unknown>)).toContain(
    'Sensitive words detected: test_sensitive',
  );
}

async function setOptions(values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) await server.context.options.save(key as never, value);
}

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  server = await startTestServer();
  userId = await addUser(server, 'writer', { quota: QUOTA });
  apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
});

afterAll(async () => {
  await server.stop();
  await upstream.stop();
});

beforeEach(async () => {
  await flushAll(server);
  await setOptions({
    CheckSensitiveEnabled: 'true',
    CheckSensitiveOnPromptEnabled: 'true',
    CheckSensitiveOnCompletionEnabled: 'false',
    StopOnSensitiveEnabled: 'true',
  });
  upstream.behaviour = {};
});

const quota = () => server.context.balances.userQuota(userId);

describe.each<Dialect>(['openai', 'anthropic', 'gemini'])('sensitive words in the %s dialect', (dialect) => {
  it('refuse a prompt with a listed word before any upstream call, and bill nothing', async () => {
    const sent = upstream.received.length;
    const before = await quota();
    await expectRefused(dialect, await call(dialect, 'please say TEST_SENSITIVE twice', false));
    await flushAll(server);
    expect(upstream.received.length).toBe(sent);
    expect(await quota()).toBe(before);
  });

  it('let the same prompt through when prompt checking is off', async () => {
    await setOptions({ CheckSensitiveOnPromptEnabled: 'false' });
    const response = await call(dialect, 'please say test_sensitive', false);
    expect(response.status).toBe(200);
  });

  it('cut a stream with an error event at the chunk that completes a word, billing what was delivered', async () => {
    await setOptions({ CheckSensitiveOnCompletionEnabled: 'true' });
    upstream.behaviour = { words: SPLIT_WORDS };
    const before = await quota();
    const response = await call(dialect, 'hello', true);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Hello');
    expect(text).toContain(' test_');
    expect(text).not.toContain('never');
    expect(text).toContain('Sensitive words detected: test_sensitive');
    if (dialect === 'anthropic') expect(text).toContain('event: error');
    if (dialect === 'openai') expect(text).toContain('"code":"sensitive_words_detected"');
    await flushAll(server);
    expect(await quota()).toBeLessThan(before);
  });

  it('refuse a whole answer with a listed word (StopOnSensitiveEnabled) and refund it', async () => {
    await setOptions({ CheckSensitiveOnCompletionEnabled: 'true' });
    upstream.behaviour = { words: SPLIT_WORDS };
    const before = await quota();
    await expectRefused(dialect, await call(dialect, 'hello', false));
    await flushAll(server);
    expect(await quota()).toBe(before);
  });

  it('mask the words of a whole answer when streams are not stopped', async () => {
    await setOptions({ CheckSensitiveOnCompletionEnabled: 'true', StopOnSensitiveEnabled: 'false' });
    upstream.behaviour = { words: SPLIT_WORDS };
    const response = await call(dialect, 'hello', false);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Hello **************');
    expect(text).not.toContain('test_sensitive');
    expect(text).toContain('never delivered');
  });
});

describe('the word list', () => {
  it('is read again when the option changes: new words apply to the next request, removed ones no longer refuse', async () => {
    await setOptions({ SensitiveWords: 'forbidden\n违禁词\n' });
    expect((await call('openai', 'a test_sensitive prompt', false)).status).toBe(200);
    expect((await call('openai', '这是违禁词', false)).status).toBe(400);
    await setOptions({ SensitiveWords: 'test_sensitive' });
    expect((await call('openai', '这是违禁词', false)).status).toBe(200);
  });
});
