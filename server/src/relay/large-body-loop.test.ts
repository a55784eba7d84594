import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBilling } from '../testing/crash-load';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

const MIB = 1024 * 1024;

/** An upstream that reads a body without parsing it and answers one short completion (the test's own loop stays free). */
async function discardingUpstream(): Promise<{ server: Server; url: string; received: number[] }> {
  const received: number[] = [];
  const server = createServer((incoming, answer) => {
    let bytes = 0;
    incoming.on('data', (chunk: Buffer) => (bytes += chunk.length));
    incoming.on('end', () => {
      received.push(bytes);
      answer.setHeader('content-type', 'application/json');
      answer.end(
        JSON.stringify({
          id: 'chatcmpl-large',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-4o-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received };
}

function post(url: string, apiKey: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'content-length': body.length, 'accept-language': 'en' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    sent.once('error', reject);
    sent.end(body);
  });
}

/** Asks /api/status over one kept-alive connection until `until` settles; the slowest answer in ms. */
async function slowestStatusWhile(url: string, until: Promise<unknown>): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  void until.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const asked = performance.now();
    await new Promise<void>((resolve, reject) => {
      request(`${url}/api/status`, { agent }, (response) => {
        response.resume();
        response.once('end', resolve);
      })
        .once('error', reject)
        .end();
    });
    slowest = Math.max(slowest, performance.now() - asked);
  }
  agent.destroy();
  return slowest;
}

describe('a prompt of tens of megabytes (built server)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-large-body-'));
  let upstream: Awaited<ReturnType<typeof discardingUpstream>>;
  let server: ServerProcess;
  let apiKey = '';

  beforeAll(async () => {
    upstream = await discardingUpstream();
    server = await startServerProcess({ SQLITE_PATH: join(folder, 'switchboard.db') });
    apiKey = (await setUpBilling(server, upstream.url)).apiKey;
  });
  afterAll(async () => {
    await server?.kill();
    upstream.server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is parsed and checked for sensitive words while the server keeps answering others', async () => {
    // 40 MiB of prose: the prompt check (on by default) reads every character of it.
    const prompt = Buffer.from(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'a quiet word '.repeat((40 * MIB) / 13) }] }));
    for (let round = 0; round < 2; round += 1) {
      const call = post(server.url, apiKey, prompt);
      const slowest = await slowestStatusWhile(server.url, call);
      const { status, text } = await call;
      expect(status, text).toBe(200);
      // Parsed on the loop and scanned in one go, the server answered nothing else for 0.5-1.5 s on this
      // machine; the bound leaves room for a shared 2-core machine under load.
      expect(slowest).toBeLessThan(400);
    }
    expect(upstream.received.at(-1)).toBe(prompt.length);
  });

  it('still refuses a sensitive word at its end, and a nested or NUL-laden large body, before any upstream call', async () => {
    const calls = upstream.received.length;
    const filler = 'a quiet word '.repeat((4 * MIB) / 13);
    const sensitive = await post(server.url, apiKey, Buffer.from(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `${filler} test_sensitive` }] })));
    expect(sensitive.status).toBe(400);
    expect(sensitive.text).toContain('sensitive_words_detected');
    const nested = await post(server.url, apiKey, Buffer.from(`{"model":"gpt-4o-mini","messages":[],"pad":"${filler}","deep":${'['.repeat(100)}${']'.repeat(100)}}`));
    expect(nested.status).toBe(400);
    expect(nested.text).toContain('at most 64 levels');
    const nul = await post(server.url, apiKey, Buffer.from(`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"${filler}\\u0000"}]}`));
    expect(nul.status).toBe(400);
    expect(nul.text).toContain('NUL');
    const broken = await post(server.url, apiKey, Buffer.from(`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"${filler}"}]`));
    expect(broken.status).toBe(400);
    expect(broken.text).toContain('invalid_request_body');
    expect(upstream.received.length).toBe(calls);
  });
});
