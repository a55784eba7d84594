import { spawnSync } from 'node:child_process';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_MODEL, setUpBilling, type BillingSetup } from '../testing/crash-load';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import type { PinnedConnection } from '../testing/pinned-connection';
import { signIn } from '../testing/test-server';
import { twoWorkerServer } from '../testing/two-workers';

const METRICS_TOKEN = 'workers-metrics-token-0123456789';
const ROUNDS = 20;

/**
 * WORKERS=2 behaves as one gateway: a console write answered on one worker is read back on the other
 * at once, and one scrape of /metrics, on either worker, counts every worker's calls.
 */
describe('WORKERS=2: one gateway', () => {
  const upstream = new FakeOpenAIUpstream();
  const workers = twoWorkerServer('one-gateway', { METRICS_ENABLED: 'true', METRICS_TOKEN });
  let setup: BillingSetup;
  let rootHeaders: Record<string, string>;
  /** one pinned connection on each worker */
  let first: PinnedConnection;
  let second: PinnedConnection;

  const json = (
    connection: PinnedConnection,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = rootHeaders,
  ) =>
    connection
      .call(`/api${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .then((reply) => JSON.parse(reply.text) as { success: boolean; message: string; data?: unknown });

  const chat = (connection: PinnedConnection) =>
    connection.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${setup.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: CRASH_MODEL, messages: [{ role: 'user', content: 'hello' }], max_tokens: 5 }),
    });

  const scrape = async (connection: PinnedConnection) => {
    const reply = await connection.call('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(reply.status).toBe(200);
    return reply.text;
  };

  const requestsWith = (text: string, status: string) =>
    parsePrometheusTextFormat(text)
      .find((family) => family.name === 'switchboard_relay_requests_total')
      ?.metrics.filter((sample) => sample.labels?.status === status)
      .reduce((sum, sample) => sum + Number(sample.value), 0) ?? 0;

  beforeAll(async () => {
    await upstream.start();
    setup = await setUpBilling(workers.server, upstream.url);
    rootHeaders = await signIn({ call: (path, init) => fetch(`${workers.server.url}${path}`, init) }, 'root', '123456');
    ({ first, second } = workers);
  }, 60_000);

  afterAll(() => upstream.stop());

  it('reads back an option saved on the other worker, every time', async () => {
    const stale: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [writer, reader] = round % 2 === 0 ? [first, second] : [second, first];
      const saved = await json(writer, 'PUT', '/option/', { key: 'Notice', value: `notice ${round}` });
      expect(saved.success).toBe(true);
      const read = await json(reader, 'GET', '/notice');
      if (read.data !== `notice ${round}`) stale.push(round);
    }
    expect(stale).toEqual([]);
  });

  it('refuses a token on the other worker as soon as its disabling was answered, and serves it once enabled', async () => {
    expect((await chat(second)).status).toBe(200);
    for (let round = 0; round < ROUNDS / 2; round += 1) {
      const disabled = await json(first, 'PUT', '/token/?status_only=true', { id: setup.tokenId, status: 2 });
      expect(disabled.success).toBe(true);
      expect((await chat(second)).status).toBe(401);
      const enabled = await json(first, 'PUT', '/token/?status_only=true', { id: setup.tokenId, status: 1 });
      expect(enabled.success).toBe(true);
      expect((await chat(second)).status).toBe(200);
    }
  });

  it("answers /metrics on either worker with every worker's calls, refusals counted with their status", async () => {
    const before = requestsWith(await scrape(first), '200');
    const beforeRefused = requestsWith(await scrape(first), '401');
    for (let call = 0; call < 3; call += 1) expect((await chat(first)).status).toBe(200);
    for (let call = 0; call < 5; call += 1) expect((await chat(second)).status).toBe(200);
    const refused = await second.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-not-a-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    for (const connection of [first, second]) {
      const text = await scrape(connection);
      expect(requestsWith(text, '200') - before).toBe(8);
      expect(requestsWith(text, '401') - beforeRefused).toBe(1);
    }
    const text = await scrape(second);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    if (check.error && process.env.CI !== 'true')
      return console.warn('promtool is not installed: the aggregated metrics were not checked by it (CI installs it)');
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
    expect(check.status).toBe(0);
  });
});
