import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../testing/loopback-server';
import { addChannelWithOther, priceModels } from '../testing/provider-test-kit';
import { addChannel, addToken, addUser } from '../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';

// Keys with no credential shape: only the channel's own key can find them in a text.
const OPENAI_KEY = 'Zq7plainKey4431Xy';
const ANTHROPIC_KEY = 'claudePlain9Kq2LmW';
const GEMINI_KEY = 'geminiPlain77Rt3QvZ';
/** Someone else's credentials an upstream may print: shapes the scrubber knows. */
const FOREIGN =
  'AKIAIOSFODNN7EXAMPLE sk-proj-otherPerson12345 AIzaSyA1234567890abcdefghij eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl';
const FOREIGN_PARTS = ['IOSFODNN7EXAMPLE', 'otherPerson12345', 'SyA1234567890abcdefghij', 'eyJzdWIiOiIxMjM0In0'];

/** What an upstream that prints the key it was given says. */
const echo = (key: string) => `Incorrect API key provided: ${key}. We saw "Authorization: Bearer ${key}" (${FOREIGN})`;

/**
 * One fake vendor for the three upstream families: it refuses every call with `status`, printing the
 * key it received, except for Anthropic streams in `midStream` mode, which fail inside the stream.
 */
class EchoingUpstream {
  status = 401;
  midStream = false;
  readonly keysSeen: string[] = [];
  private server: LoopbackServer | null = null;

  get url(): string {
    return this.server?.url ?? '';
  }

  async start(): Promise<this> {
    this.server = await startLoopbackServer((request, response) => void this.handle(request, response));
    return this;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const path = request.url ?? '';
    if (path.startsWith('/v1/messages')) {
      const key = String(request.headers['x-api-key']);
      this.keysSeen.push(key);
      if (this.midStream && (JSON.parse(text) as { stream?: boolean }).stream) return this.failMidStream(response, key);
      return this.send(response, { type: 'error', error: { type: 'invalid_request_error', message: echo(key) } });
    }
    if (path.startsWith('/v1beta/')) {
      const key = String(request.headers['x-goog-api-key']);
      this.keysSeen.push(key);
      return this.send(response, { error: { code: this.status, message: echo(key), status: 'INVALID_ARGUMENT' } });
    }
    const key = String(request.headers.authorization).replace(/^Bearer /, '');
    this.keysSeen.push(key);
    if (this.midStream && (JSON.parse(text) as { stream?: boolean }).stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'scrub-gpt', choices: [{ index: 0, delta: { content: 'Once' } }] })}\n\n`,
      );
      return void response.end(`data: ${JSON.stringify({ error: { message: echo(key), type: 'server_error' } })}\n\n`);
    }
    return this.send(response, {
      error: { message: echo(key), type: 'invalid_request_error', code: 'invalid_api_key' },
    });
  }

  private send(response: ServerResponse, body: unknown): void {
    response.writeHead(this.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  private failMidStream(response: ServerResponse, key: string): void {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const start = {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-x',
        content: [],
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    };
    response.write(`event: message_start\ndata: ${JSON.stringify(start)}\n\n`);
    response.write(
      `event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n`,
    );
    response.write(
      `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Once"}}\n\n`,
    );
    response.end(
      `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: echo(key) } })}\n\n`,
    );
  }
}

let server: TestServer;
let upstream: EchoingUpstream;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  upstream = await new EchoingUpstream().start();
  await priceModels(server, { 'scrub-gpt': 1, 'scrub-claude': 1, 'scrub-gemini': 1 });
  const userId = await addUser(server, 'scrub-user', { quota: 10_000_000 });
  apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
  await addChannel(server, { type: 1, baseUrl: upstream.url, key: OPENAI_KEY, models: ['scrub-gpt'] });
  await addChannel(server, { type: 14, baseUrl: upstream.url, key: ANTHROPIC_KEY, models: ['scrub-claude'] });
  await addChannelWithOther(
    server,
    { type: 24, baseUrl: upstream.url, key: GEMINI_KEY, models: ['scrub-gemini'] },
    'v1beta',
  );
});

afterAll(async () => {
  await upstream.stop();
  await server.stop();
});

/** The whole reply text of a relay call, whatever its dialect. */
async function relayText(
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const response = await server.call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const openAICall = (model: string, stream: boolean) =>
  relayText(
    '/v1/chat/completions',
    { model, stream, messages: [{ role: 'user', content: 'hi' }] },
    { authorization: `Bearer ${apiKey}` },
  );
const anthropicCall = (model: string, stream: boolean) =>
  relayText(
    '/v1/messages',
    { model, stream, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] },
    { 'x-api-key': apiKey },
  );
const geminiCall = (model: string, stream: boolean) =>
  relayText(
    `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    { 'x-goog-api-key': apiKey },
  );

function expectScrubbed(reply: { text: string }, key: string): void {
  expect(upstream.keysSeen.at(-1)).toBe(key);
  expect(reply.text).toContain('Incorrect API key provided: ***');
  expect(reply.text).not.toContain(key);
  for (const part of FOREIGN_PARTS) expect(reply.text).not.toContain(part);
}

describe.each([
  { status: 401, stream: false },
  { status: 400, stream: true },
  { status: 500, stream: false },
])('an upstream $status whose body prints the key (stream: $stream)', ({ status, stream }) => {
  beforeAll(() => {
    upstream.status = status;
  });

  it.each([
    { caller: 'an OpenAI caller', call: openAICall, model: 'scrub-gpt', key: OPENAI_KEY },
    { caller: 'an Anthropic caller', call: anthropicCall, model: 'scrub-claude', key: ANTHROPIC_KEY },
    { caller: 'a Gemini caller', call: geminiCall, model: 'scrub-gemini', key: GEMINI_KEY },
  ])('never reaches $caller', async ({ call, model, key }) => {
    const reply = await call(model, stream);
    expect(reply.status).toBe(status);
    expectScrubbed(reply, key);
  });

  it('reaches an Anthropic caller as an error in its own shape', async () => {
    const reply = await anthropicCall('scrub-claude', stream);
    expect(JSON.parse(reply.text)).toMatchObject({ type: 'error', error: { message: expect.any(String) } });
  });

  it('never reaches a caller whose dialect is converted (Anthropic client, OpenAI channel)', async () => {
    const reply = await anthropicCall('scrub-gpt', stream);
    expectScrubbed(reply, OPENAI_KEY);
  });
});

describe('an error inside a stream that prints the key', () => {
  beforeAll(() => {
    upstream.midStream = true;
    upstream.status = 200;
  });

  afterAll(() => {
    upstream.midStream = false;
  });

  it.each([
    {
      path: 'a converted stream (OpenAI client, Anthropic channel)',
      call: () => openAICall('scrub-claude', true),
      key: ANTHROPIC_KEY,
    },
    { path: 'a native Anthropic stream', call: () => anthropicCall('scrub-claude', true), key: ANTHROPIC_KEY },
    { path: 'a native OpenAI stream', call: () => openAICall('scrub-gpt', true), key: OPENAI_KEY },
  ])('reaches the client of $path without the key', async ({ call, key }) => {
    const reply = await call();
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('Once');
    expectScrubbed(reply, key);
  });
});
