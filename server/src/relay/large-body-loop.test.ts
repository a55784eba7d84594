import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { billedServerProcess } from '../testing/billed-server-process';
import { whileServing } from '../testing/loop-watch';

const MIB = 1024 * 1024;

function post(url: string, apiKey: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}/v1/chat/completions`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'content-length': body.length,
          'accept-language': 'en',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    sent.once('error', reject);
    sent.end(body);
  });
}

describe('a prompt of tens of megabytes (built server)', () => {
  const built = billedServerProcess('large-body');
  built.upstream.behaviour = { onlyCountBodies: true };
  const caller = { call: (path: string, init?: RequestInit) => fetch(`${built.server.url}${path}`, init) };

  it('is parsed and checked for sensitive words while the server keeps answering others', async () => {
    // 40 MiB of prose: the prompt check (on by default) reads every character of it.
    const prompt = Buffer.from(
      JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'a quiet word '.repeat((40 * MIB) / 13) }],
      }),
    );
    for (let round = 0; round < 2; round += 1) {
      const { result, slowestStatusMs } = await whileServing(caller, post(built.server.url, built.apiKey, prompt));
      const { status, text } = result;
      expect(status, text).toBe(200);
      // Parsed on the loop and scanned in one go, the server answered nothing else for 0.5-1.5 s on this
      // machine; the bound leaves room for a shared 2-core machine under load.
      expect(slowestStatusMs).toBeLessThan(400);
    }
    expect(built.upstream.received.at(-1)?.bytes).toBe(prompt.length);
  });

  it('still refuses a sensitive word at its end, and a nested or NUL-laden large body, before any upstream call', async () => {
    const calls = built.upstream.received.length;
    const filler = 'a quiet word '.repeat((4 * MIB) / 13);
    const sensitive = await post(
      built.server.url,
      built.apiKey,
      Buffer.from(
        JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `${filler} test_sensitive` }] }),
      ),
    );
    expect(sensitive.status).toBe(400);
    expect(sensitive.text).toContain('sensitive_words_detected');
    const nested = await post(
      built.server.url,
      built.apiKey,
      Buffer.from(
        `{"model":"gpt-4o-mini","messages":[],"pad":"${filler}","deep":${'['.repeat(100)}${']'.repeat(100)}}`,
      ),
    );
    expect(nested.status).toBe(400);
    expect(nested.text).toContain('at most 64 levels');
    const nul = await post(
      built.server.url,
      built.apiKey,
      Buffer.from(`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"${filler}\\u0000"}]}`),
    );
    expect(nul.status).toBe(400);
    expect(nul.text).toContain('NUL');
    const broken = await post(
      built.server.url,
      built.apiKey,
      Buffer.from(`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"${filler}"}]`),
    );
    expect(broken.status).toBe(400);
    expect(broken.text).toContain('invalid_request_body');
    expect(built.upstream.received.length).toBe(calls);
  });
});
