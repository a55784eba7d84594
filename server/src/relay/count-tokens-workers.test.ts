import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBilling } from '../testing/crash-load';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

/** GET /api/status on a connection of its own (the kernel hands new connections to either worker). */
function statusOnNewConnection(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(`${url}/api/status`, { agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    }).once('error', reject);
  });
}

const cjkRun = (length: number) =>
  Array.from({ length }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7919) % 20_000))).join('');

describe('count_tokens with WORKERS=2 (built server)', () => {
  const upstream = new FakeOpenAIUpstream();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-count-tokens-'));
  let server: ServerProcess;
  let apiKey = '';

  beforeAll(async () => {
    await upstream.start();
    server = await startServerProcess({ SQLITE_PATH: join(folder, 'switchboard.db'), WORKERS: '2' });
    apiKey = (await setUpBilling(server, upstream.url)).apiKey;
  });
  afterAll(async () => {
    await server?.kill();
    await upstream.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a 400,000-character run leaves both workers answering new connections at once', async () => {
    const body = JSON.stringify({
      model: 'claude-sonnet-4-5-20250929',
      messages: [{ role: 'user', content: cjkRun(400_000) }],
    });
    const counting = fetch(`${server.url}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body,
    });
    let finished = false;
    void counting.finally(() => {
      finished = true;
    });
    const answers: Array<{ status: number; ms: number }> = [];
    while (!finished)
      answers.push(...(await Promise.all([statusOnNewConnection(server.url), statusOnNewConnection(server.url)])));
    const response = await counting;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(400_000);
    expect(answers.length).toBeGreaterThan(4);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Counted on a worker's loop, every connection that worker took would wait for the whole count.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);
  });
});
