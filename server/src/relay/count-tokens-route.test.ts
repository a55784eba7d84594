import { monitorEventLoopDelay } from 'node:perf_hooks';
import { countTokens as gptTokenizerCount } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { addToken, addUser } from '../testing/relay-fixtures';
import { claudeErrorReply } from '../testing/relay-error-replies';
import { serverForTests } from '../testing/test-server';

const CLAUDE = 'claude-sonnet-4-5-20250929';

const server = serverForTests();
let userId: number;
let apiKey: string;

interface AnthropicError {
  type: 'error';
  error: { type: string; message: string };
}

async function countTokens(key: string | null, body: unknown) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'anthropic-version': '2023-06-01',
    'accept-language': 'en',
  };
  if (key) headers['x-api-key'] = key;
  const response = await server.call('/v1/messages/count_tokens', {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { input_tokens: number } & AnthropicError };
}

const ask = (text: string) => ({ model: CLAUDE, messages: [{ role: 'user', content: text }] });

/** Distinct CJK characters without a separator: one run the BPE cannot cache. */
const cjkRun = (length: number) =>
  Array.from({ length }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7919) % 20_000))).join('');

beforeAll(async () => {
  userId = await addUser(server, 'counter', { quota: 1_000_000 });
  apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
});

describe('POST /v1/messages/count_tokens', () => {
  it('counts ordinary text exactly as gpt-tokenizer does (plus 3 per message and 3 for the reply)', async () => {
    const text = 'Hello there! Count these words, please: one, two, three. 你好，世界。\nDone.';
    const { status, body } = await countTokens(apiKey, ask(text));
    expect(status).toBe(200);
    expect(body.input_tokens).toBe(gptTokenizerCount(text) + 6);
  });

  it('answers a 400,000-character CJK run quickly, and the loop keeps serving other calls meanwhile', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const counting = countTokens(apiKey, ask(cjkRun(400_000)));
    const statusTimes: number[] = [];
    let finished = false;
    void counting.finally(() => {
      finished = true;
    });
    while (!finished) {
      const asked = performance.now();
      expect((await server.call('/api/status')).status).toBe(200);
      statusTimes.push(performance.now() - asked);
    }
    const { status, body } = await counting;
    const elapsed = performance.now() - started;
    delay.disable();
    expect(status).toBe(200);
    expect(body.input_tokens).toBeGreaterThan(400_000);
    // gpt-tokenizer alone took minutes for this; the pieces take a few seconds in a counting thread.
    expect(elapsed).toBeLessThan(20_000);
    // Counted on the loop, nothing else would be served until the end. The bounds leave room for a
    // shared 2-core machine under load, where the client's own work shares this loop too.
    expect(statusTimes.length).toBeGreaterThan(5);
    expect(Math.max(...statusTimes)).toBeLessThan(500);
    expect(delay.max / 1e6).toBeLessThan(400);
  });

  it('without a key: 401 in Anthropic shape', async () => {
    const { status, body } = await countTokens(null, ask('hi'));
    expect(status).toBe(401);
    expect(body).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });

  it('counts against the token RPM: over it, 429', async () => {
    const limited = await addToken(server, userId, { unlimited: true, rpmLimit: 2 });
    expect((await countTokens(limited.apiKey, ask('one'))).status).toBe(200);
    expect((await countTokens(limited.apiKey, ask('two'))).status).toBe(200);
    const { status, body } = await countTokens(limited.apiKey, ask('three'));
    expect(status).toBe(429);
    expect(body).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  });

  it('keeps to the token model limits: another model, 403', async () => {
    const narrow = await addToken(server, userId, { unlimited: true, modelLimits: ['gpt-4o-mini'] });
    const { status, body } = await countTokens(narrow.apiKey, ask('hi'));
    expect(status).toBe(403);
    expect(body.error.message).toMatch(/may not use the model/);
  });

  it('refuses a user whose quota is used up: 403', async () => {
    const broke = await addUser(server, 'broke-counter', { quota: 0 });
    const token = await addToken(server, broke, { unlimited: true });
    const { status, body } = await countTokens(token.apiKey, ask('hi'));
    expect(status).toBe(403);
    expect(body).toMatchObject({ type: 'error', error: { type: 'permission_error' } });
  });

  it('refuses a body past 4 MB: 413 in Anthropic shape', async () => {
    const { status, body } = await countTokens(apiKey, ask('a '.repeat(2_200_000)));
    expect(status).toBe(413);
    expect(body).toMatchObject(claudeErrorReply('request_too_large', 'at most 4 MB'));
  });
});
