import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { addChannel, addToken, addUser } from '../testing/relay-fixtures';
import { serverForTests, startTestServer } from '../testing/test-server';

const METRICS_TOKEN = 'metrics-token-0123456789';
const server = serverForTests({ environment: { METRICS_ENABLED: 'true', METRICS_TOKEN } });
const healthy = new FakeOpenAIUpstream().forTests();
const broken = new FakeOpenAIUpstream().forTests();
broken.behaviour = { failWith: { status: 500, message: 'upstream exploded' } };
let client: OpenAI;
let healthyChannel: number;
let brokenChannel: number;

beforeAll(async () => {
  const userId = await addUser(server, 'metrics-user', { quota: 100_000_000 });
  const token = await addToken(server, userId, { remain: 100_000_000 });
  healthyChannel = await addChannel(server, { baseUrl: healthy.url, models: ['gpt-4o-mini'] });
  brokenChannel = await addChannel(server, { baseUrl: broken.url, models: ['gpt-4o'], autoBan: false });
  client = new OpenAI({ apiKey: token.apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
});

async function scrapeText() {
  const response = await server.call('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}
const scrape = async () => parsePrometheusTextFormat(await scrapeText());
/** The parser folds labelled histograms into one sample, so their counts are read from the text. */
const histogramCount = (text: string, name: string, labels: string) =>
  Number(new RegExp(`^${name}_count\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1]);

const family = (families: ReturnType<typeof parsePrometheusTextFormat>, name: string) => {
  const found = families.find((entry) => entry.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
};
const valueOf = (
  families: ReturnType<typeof parsePrometheusTextFormat>,
  name: string,
  labels: Record<string, string>,
) =>
  Number(
    family(families, name).metrics.find((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    )?.value ?? 0,
  );

describe('GET /metrics', () => {
  it('refuses a scrape without the metrics token', async () => {
    expect((await server.call('/metrics')).status).toBe(401);
    expect((await server.call('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('counts known traffic by route, model, channel, status and dialect, with the tokens and quota billed', async () => {
    healthy.behaviour = { promptTokens: 1000, completionTokens: 500 };
    for (let call = 0; call < 3; call += 1) {
      await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    }
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    for await (const chunk of stream) void chunk;
    await expect(
      client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow();
    await expect(
      client.chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow();

    const text = await scrapeText();
    const families = parsePrometheusTextFormat(text);
    const requests = 'switchboard_relay_requests_total';
    const chat = { route: 'chat', dialect: 'openai' };
    expect(
      valueOf(families, requests, { ...chat, model: 'gpt-4o-mini', channel: String(healthyChannel), status: '200' }),
    ).toBe(4);
    expect(
      valueOf(families, requests, { ...chat, model: 'gpt-4o', channel: String(brokenChannel), status: '500' }),
    ).toBe(1);
    expect(valueOf(families, requests, { ...chat, model: 'none', channel: '0', status: '400' })).toBe(1);
    expect(family(families, requests).metrics.some((sample) => sample.labels?.model === 'no-such-model')).toBe(false);

    expect(valueOf(families, 'switchboard_tokens_total', { model: 'gpt-4o-mini', kind: 'prompt' })).toBe(4000);
    expect(valueOf(families, 'switchboard_tokens_total', { model: 'gpt-4o-mini', kind: 'completion' })).toBe(2000);
    // gpt-4o-mini: (1000 + 500 × 4) × 0.075 = 225 per call
    expect(valueOf(families, 'switchboard_quota_billed_total', { model: 'gpt-4o-mini' })).toBe(900);
    expect(valueOf(families, 'switchboard_upstream_errors_total', { channel: String(brokenChannel) })).toBe(1);

    expect(histogramCount(text, 'switchboard_relay_request_duration_seconds', 'route="chat",dialect="openai"')).toBe(6);
    expect(histogramCount(text, 'switchboard_relay_first_byte_seconds', 'route="chat"')).toBe(4);
    expect(valueOf(families, 'switchboard_open_streams', {})).toBe(0);
    expect(
      family(families, 'switchboard_write_behind_pending')
        .metrics.map((sample) => sample.labels?.queue)
        .toSorted(),
    ).toEqual(['logs', 'usage']);
    expect(family(families, 'process_resident_memory_bytes').type).toBe('GAUGE');
  });

  it('counts calls refused before they are relayed, with their status', async () => {
    const requests = 'switchboard_relay_requests_total';
    const before = await scrape();
    const badKey = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-no-such-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(badKey.status).toBe(401);
    const tooLarge = await server.call('/v1/embeddings', {
      method: 'POST',
      headers: { authorization: `Bearer ${client.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'text-embedding-3-small', input: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    const after = await scrape();
    const refused = (families: typeof after, route: string, status: string) =>
      valueOf(families, requests, { route, model: 'none', channel: '0', status, dialect: 'openai' });
    expect(refused(after, 'chat', '401') - refused(before, 'chat', '401')).toBe(1);
    expect(refused(after, 'embeddings', '413') - refused(before, 'embeddings', '413')).toBe(1);
  });

  it("passes Prometheus's own check (promtool, where installed)", async () => {
    const text = await scrapeText();
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      expect(text).not.toContain(`${name} `);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    if (check.error && process.env.CI !== 'true')
      return console.warn('promtool is not installed: the metrics were not checked by it (CI installs it)');
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
    expect(check.status).toBe(0);
  });

  it('has every series the shipped Grafana dashboard draws', async () => {
    const text = await scrapeText();
    const dashboard = JSON.parse(
      readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const series = new Set(
      dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap((target) =>
          [...target.expr.matchAll(/([a-z][a-z0-9_:]*)\{instance=/g)].map((match) => match[1] ?? ''),
        ),
      ),
    );
    expect(series.size).toBeGreaterThan(10);
    const declared = (name: string) => text.includes(`# TYPE ${name.replace(/_bucket$/, '')} `);
    expect([...series].filter((name) => !declared(name))).toEqual([]);
    // Each query parses: promtool checks them as recording rules, with Grafana's variables filled in.
    const expressions = dashboard.panels.flatMap((panel) =>
      panel.targets.map((target) => target.expr.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*')),
    );
    const rules = {
      groups: [
        { name: 'dashboard', rules: expressions.map((expr, index) => ({ record: `dashboard:query${index}`, expr })) },
      ],
    };
    const file = join(mkdtempSync(join(tmpdir(), 'switchboard-dashboard-')), 'rules.json');
    writeFileSync(file, JSON.stringify(rules));
    const check = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    if (check.error && process.env.CI !== 'true')
      return console.warn('promtool is not installed: the dashboard queries were not parsed');
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
  });

  it('shows a channel the circuit breaker holds back', async () => {
    for (let call = 0; call < 5; call += 1) {
      await expect(
        client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
      ).rejects.toThrow();
    }
    expect(valueOf(await scrape(), 'switchboard_circuit_breaker_open', { channel: String(brokenChannel) })).toBe(1);
  });
});

describe('without METRICS_ENABLED', () => {
  it('serves no /metrics', async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.call('/metrics')).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
