import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { billedServerProcess } from '../testing/billed-server-process';

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
  const built = billedServerProcess('count-tokens', { WORKERS: '2' });

  it('a 400,000-character run leaves both workers answering new connections at once', async () => {
    const body = JSON.stringify({
      model: 'claude-sonnet-4-5-20250929',
      messages: [{ role: 'user', content: cjkRun(400_000) }],
    });
    const counting = fetch(`${built.server.url}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': built.apiKey },
      body,
    });
    let finished = false;
    void counting.finally(() => {
      finished = true;
    });
    const answers: Array<{ status: number; ms: number }> = [];
    while (!finished)
      answers.push(
        ...(await Promise.all([statusOnNewConnection(built.server.url), statusOnNewConnection(built.server.url)])),
      );
    const response = await counting;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(400_000);
    expect(answers.length).toBeGreaterThan(4);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Counted on a worker's loop, every connection that worker took would wait for the whole count.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(500);
  });
});
