import { describe, expect, it } from 'vitest';
import { billedServerProcess } from '../testing/billed-server-process';
import { upload, uploadWholeThenReuse } from '../testing/raw-upload';
import type { ServerProcess } from '../testing/server-process';

const MB = 1024 * 1024;

/** Samples the server's resident memory while `work` runs; resolves with the peak in bytes. */
async function peakRss(server: ServerProcess, work: Promise<unknown>): Promise<number> {
  let peak = await server.rssBytes();
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    peak = Math.max(peak, await server.rssBytes());
    await Promise.race([finished.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  await finished;
  return peak;
}

describe('relay uploads: authenticated first, limited, timed out (built server)', () => {
  const built = billedServerProcess('uploads', { RELAY_BODY_TIMEOUT: '2', RELAY_BODY_MEMORY_MB: '96' });

  it('eight anonymous 120 MB uploads are refused before their bodies are read, and memory stays flat', async () => {
    const before = await built.server.rssBytes();
    const uploads = Promise.all(
      Array.from({ length: 8 }, () =>
        upload(built.server.url, '/v1/chat/completions', { headers: {}, bytes: 120 * MB }),
      ),
    );
    const peak = await peakRss(built.server, uploads);
    for (const answer of await uploads) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { type: 'authentication_error' } });
    }
    console.info(`anonymous uploads: RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB`);
    expect(peak - before).toBeLessThan(32 * MB);
  });

  it('a body over the route limit gets a clear 413 in the OpenAI shape, declared or chunked', async () => {
    const headers = { authorization: `Bearer ${built.apiKey}` };
    const declared = await upload(built.server.url, '/v1/embeddings', {
      headers: { ...headers, 'accept-language': 'en' },
      bytes: 9 * MB,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({
      error: {
        code: 'request_body_too_large',
        type: 'invalid_request_error',
        message: expect.stringContaining('Request body too large: this endpoint accepts at most 8 MB'),
      },
    });
    const chunked = await upload(built.server.url, '/v1/embeddings', {
      headers: { ...headers, 'accept-language': 'zh' },
      bytes: 9 * MB,
      chunked: true,
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toMatchObject({
      error: { code: 'request_body_too_large', message: expect.stringContaining('请求体过大：此接口最多接受 8 MB') },
    });
  });

  it('a client that sends its whole oversized body anyway still reads the 413 and keeps its connection', async () => {
    const headers = { authorization: `Bearer ${built.apiKey}` };
    for (const chunked of [false, true]) {
      const answer = await uploadWholeThenReuse(built.server.url, '/v1/embeddings', {
        headers,
        bytes: 9 * MB,
        chunked,
        next: '/v1/models',
      });
      expect(answer.first).toMatch(/^HTTP\/1\.1 413/);
      expect(answer.second).toMatch(/^HTTP\/1\.1 200/);
    }
  });

  it('Anthropic clients get the 413 in their own shape', async () => {
    const answer = await upload(built.server.url, '/v1/messages', {
      headers: { 'x-api-key': built.apiKey, 'anthropic-version': '2023-06-01' },
      bytes: 60 * MB,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
  });

  it('an upload that stalls is answered 408 after RELAY_BODY_TIMEOUT', async () => {
    const answer = await upload(built.server.url, '/v1/chat/completions', {
      headers: { authorization: `Bearer ${built.apiKey}` },
      bytes: 4 * MB,
      stallAfter: MB,
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'request_body_timeout' } });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(1900);
  });

  it('authenticated uploads beyond RELAY_BODY_MEMORY_MB at once are refused with 503, and memory stays bounded', async () => {
    const headers = { authorization: `Bearer ${built.apiKey}` };
    const before = await built.server.rssBytes();
    const uploads = Promise.all(
      Array.from({ length: 8 }, () =>
        upload(built.server.url, '/v1/chat/completions', { headers, bytes: 40 * MB, stallAfter: 39 * MB }),
      ),
    );
    const peak = await peakRss(built.server, uploads);
    const statuses = (await uploads).map((answer) => answer.status).sort();
    // 96 MB admit two 40 MB bodies (which then stall into the 408); the other six are refused at once.
    expect(statuses).toEqual([408, 408, 503, 503, 503, 503, 503, 503]);
    console.info(
      `authenticated 8 × 40 MB uploads: RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB`,
    );
    expect(peak - before).toBeLessThan(160 * MB);
  });

  it('a normal call still works after all of it', async () => {
    const response = await fetch(`${built.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${built.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
  });
});
