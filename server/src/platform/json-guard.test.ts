import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { addChannel, addToken, addUser } from '../testing/relay-fixtures';
import { signIn, startTestServer, type TestServer } from '../testing/test-server';
import { JSON_ELEMENT_LIMIT, JSON_NESTING_LIMIT } from './json-guard';

/** `depth` arrays inside each other, as JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const NUL = '\u0000';

let server: TestServer;
let upstream: FakeOpenAIUpstream;
let apiKey: string;
let consoleHeaders: Record<string, string>;

beforeAll(async () => {
  // PostgreSQL: its text type refuses NUL, which used to end such calls in a 500.
  server = await startTestServer({ databaseKind: 'postgres' });
  upstream = await new FakeOpenAIUpstream().start();
  const userId = await addUser(server, 'hostile', { quota: 1_000_000 });
  apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
  consoleHeaders = await signIn(server, 'root', '123456');
});

afterAll(async () => {
  await upstream.stop();
  await server.stop();
});

async function chat(body: string) {
  const response = await server.call('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error: { message: string; code: string } } };
}

async function consoleCall(method: string, path: string, body?: string, language: 'en' | 'zh' = 'en') {
  const headers: Record<string, string> = { ...consoleHeaders, 'accept-language': language };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await server.call(`/api${path}`, { method, headers, body });
  return { status: response.status, body: (await response.json()) as { success: boolean; message: string } };
}

const tokenNames = async () =>
  (await server.context.database.db.selectFrom('tokens').select('name').execute()).map((row) => row.name);

describe('hostile JSON bodies on the relay', () => {
  it('a NUL character (escaped or raw): 400, nothing sent upstream', async () => {
    const sent = upstream.received.length;
    for (const body of [
      JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `a${NUL}b` }] }),
      `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"a${NUL}b"}]}`,
    ]) {
      const { status, body: answer } = await chat(body);
      expect(status).toBe(400);
      expect(answer.error).toMatchObject({
        code: 'invalid_request_body',
        message: expect.stringContaining('NUL character'),
      });
    }
    expect(upstream.received.length).toBe(sent);
    // an escaped backslash before "u0000" is text, not a NUL
    expect(
      (await chat(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: '\\u0000' }] }))).status,
    ).toBe(200);
  });

  it(`nesting past ${JSON_NESTING_LIMIT} levels or more than ${JSON_ELEMENT_LIMIT} elements: 400, nothing sent upstream`, async () => {
    const sent = upstream.received.length;
    const deep = await chat(
      `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"metadata":${nested(100_000)}}`,
    );
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toContain(`at most ${JSON_NESTING_LIMIT} levels`);
    const many = await chat(
      `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"metadata":[${'0,'.repeat(JSON_ELEMENT_LIMIT)}0]}`,
    );
    expect(many.status).toBe(400);
    expect(many.body.error.message).toContain(`at most ${JSON_ELEMENT_LIMIT}`);
    expect(upstream.received.length).toBe(sent);
    const fine = await chat(
      `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"metadata":${nested(JSON_NESTING_LIMIT - 2)}}`,
    );
    expect(fine.status).toBe(200);
  });
});

describe('hostile JSON bodies on the console (PostgreSQL)', () => {
  it('a NUL character in a body or in the query: 400 with a message in the caller language, nothing stored', async () => {
    const before = await tokenNames();
    const refused = await consoleCall(
      'POST',
      '/token/',
      JSON.stringify({ name: `evil${NUL}name`, remain_quota: 1, expired_time: -1 }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringContaining('NUL character') },
    });
    const chinese = await consoleCall(
      'POST',
      '/token/',
      JSON.stringify({ name: `evil${NUL}name`, remain_quota: 1, expired_time: -1 }),
      'zh',
    );
    expect(chinese.body.message).toContain('NUL 字符');
    const query = await consoleCall('GET', '/token/search?keyword=a%00b');
    expect(query).toMatchObject({ status: 400, body: { success: false } });
    expect(await tokenNames()).toEqual(before);
    const accepted = await consoleCall(
      'POST',
      '/token/',
      JSON.stringify({ name: 'plain name', remain_quota: 1, expired_time: -1 }),
    );
    expect(accepted.body.success).toBe(true);
  });

  it(`nesting past ${JSON_NESTING_LIMIT} levels: 400 instead of a stack overflow, nothing stored`, async () => {
    const before = await tokenNames();
    const refused = await consoleCall(
      'POST',
      '/token/',
      `{"name":"deep","remain_quota":1,"expired_time":-1,"extra":${nested(100_000)}}`,
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { success: false, message: expect.stringContaining(`at most ${JSON_NESTING_LIMIT} levels`) },
    });
    expect(await tokenNames()).toEqual(before);
  });
});
