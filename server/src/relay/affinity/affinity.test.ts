import { claudeCliRule, codexCliRule, type AffinityCacheStats, type AffinityUsageStats } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerForTests } from '../../testing/channel-fixtures';
import { FakeAnthropicUpstream } from '../../testing/fake-anthropic-upstream';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { newestLog } from '../../testing/log-queries';
import { serverForTests } from '../../testing/test-server';

const CLAUDE = 'claude-sonnet-4-5-20250929';
const GPT = 'gpt-4o';

const server = serverForTests();
const root = callerForTests(server);
let apiKey: string;
const claudes: FakeAnthropicUpstream[] = [];
const openais: FakeOpenAIUpstream[] = [];
const channelIds: number[] = [];

const messages = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: CLAUDE, max_tokens: 16, messages: [{ role: 'user', content: 'hello' }], ...body }),
  });

const responses = (body: Record<string, unknown>) =>
  fetch(`${server.url}/v1/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: GPT, input: 'hello', ...body }),
  });

/** How many calls each of the two Claude upstreams received since `before`. */
const served = (before: number[]) => claudes.map((upstream, index) => upstream.received.length - before[index]!);
const counts = () => claudes.map((upstream) => upstream.received.length);

beforeAll(async () => {
  await server.context.options.save('RetryTimes', '1');
  for (let index = 0; index < 2; index += 1) {
    const claude = await new FakeAnthropicUpstream().start();
    claudes.push(claude);
    channelIds.push(
      await addChannel(server, {
        name: `claude ${index}`,
        type: 14,
        baseUrl: claude.url,
        key: `anthropic-key-${index}`,
        models: [CLAUDE],
      }),
    );
    const openai = await new FakeOpenAIUpstream().start();
    openais.push(openai);
    await addChannel(server, { name: `gpt ${index}`, baseUrl: openai.url, key: `openai-key-${index}`, models: [GPT] });
  }
  const userId = await addUser(server, 'affinity-user', { quota: 500_000_000 });
  apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
});

afterAll(async () => {
  for (const upstream of [...claudes, ...openais]) await upstream.stop();
});

describe('channel affinity (built-in rules, on by default)', () => {
  it('ten Claude Code calls with one metadata.user_id reach one channel every time; calls without it spread', async () => {
    let before = counts();
    for (let call = 0; call < 10; call += 1) {
      expect((await messages({ metadata: { user_id: 'user_abc123_account__session_4f1d' } })).status).toBe(200);
    }
    const sticky = served(before);
    expect(sticky.sort()).toEqual([0, 10]);

    before = counts();
    for (let call = 0; call < 40; call += 1) expect((await messages({})).status).toBe(200);
    const spread = served(before);
    expect(Math.min(...spread)).toBeGreaterThan(0);
  });

  it('the log of a call that followed affinity names the rule, the key hint and fingerprint, never the value', async () => {
    const value = 'user_0123456789abcdef_session_xyz';
    await messages({ metadata: { user_id: value } });
    await messages({ metadata: { user_id: value } });
    await flushAll(server);
    const log = await newestLog(server);
    const info = (JSON.parse(log.other) as { admin_info: { channel_affinity: Record<string, unknown> } }).admin_info
      .channel_affinity;
    expect(info).toMatchObject({
      reason: 'claude cli trace',
      rule_name: 'claude cli trace',
      using_group: 'default',
      model: CLAUDE,
      request_path: '/v1/messages',
      key_source: 'gjson',
      key_path: 'metadata.user_id',
      key_hint: 'user..._xyz',
    });
    expect(info.key_fp).toMatch(/^[0-9a-f]{8}$/);
    expect(log.other).not.toContain(value);
  });

  it('passes the Claude Code headers of the rule template to the upstream', async () => {
    const before = counts();
    await messages({ metadata: { user_id: 'header-session' } }, { 'x-stainless-os': 'Linux', 'x-app': 'cli' });
    const upstream = claudes[served(before).findIndex((count) => count === 1)]!;
    expect(upstream.received.at(-1)?.headers['x-stainless-os']).toBe('Linux');
    expect(upstream.received.at(-1)?.headers['x-app']).toBe('cli');
  });

  it('does not retry elsewhere when the remembered channel fails (skip_retry_on_failure), and retries without affinity', async () => {
    const session = { metadata: { user_id: 'failing-session' } };
    expect((await messages(session)).status).toBe(200);
    const stuckTo = claudes.findIndex((upstream) =>
      JSON.stringify(upstream.received.at(-1)?.body ?? {}).includes('failing-session'),
    );
    claudes[stuckTo]!.behaviour = { failWith: { status: 529, fixture: 'error-overloaded' } };
    try {
      const before = counts();
      expect((await messages(session)).status).toBe(529);
      expect(served(before)).toEqual(claudes.map((_, index) => (index === stuckTo ? 1 : 0)));
      // A call no rule is for fails over to the other channel.
      let answered = 0;
      for (let call = 0; call < 6; call += 1) if ((await messages({})).status === 200) answered += 1;
      expect(answered).toBe(6);
    } finally {
      claudes[stuckTo]!.behaviour = {};
    }
  });

  it('the Codex CLI rule keeps one prompt_cache_key on one channel of /v1/responses', async () => {
    const before = openais.map((upstream) => upstream.received.length);
    for (let call = 0; call < 8; call += 1)
      expect((await responses({ prompt_cache_key: 'codex-thread-1' })).status).toBe(200);
    expect(openais.map((upstream, index) => upstream.received.length - before[index]!).sort()).toEqual([0, 8]);
  });

  it('forgets a channel that was disabled and moves the session to one that serves it', async () => {
    const session = { metadata: { user_id: 'moving-session' } };
    await messages(session);
    const first = claudes.findIndex((upstream) =>
      JSON.stringify(upstream.received.at(-1)?.body ?? {}).includes('moving-session'),
    );
    expect((await root('PUT', '/api/channel/', { id: channelIds[first], status: 2 })).success).toBe(true);
    try {
      const before = counts();
      for (let call = 0; call < 3; call += 1) expect((await messages(session)).status).toBe(200);
      expect(served(before)[1 - first]).toBe(3);
    } finally {
      await root('PUT', '/api/channel/', { id: channelIds[first], status: 1 });
    }
  });
});

describe('affinity routes', () => {
  it('answers cache statistics per rule, clears by rule and all, and refuses what it cannot clear', async () => {
    const stats = (await root<AffinityCacheStats>('GET', '/api/option/channel_affinity_cache')).data!;
    expect(stats).toMatchObject({ enabled: true, unknown: 0, cache_capacity: 100000, cache_algo: 'memory-lru' });
    expect(stats.by_rule_name['claude cli trace']).toBeGreaterThanOrEqual(4);
    expect(stats.by_rule_name['codex cli trace']).toBe(1);
    expect(stats.total).toBe(stats.by_rule_name['claude cli trace']! + 1);

    const missing = await root('DELETE', '/api/option/channel_affinity_cache');
    expect(missing.status).toBe(400);
    const unknown = await root('DELETE', '/api/option/channel_affinity_cache?rule_name=nothing', undefined, 'zh');
    expect(unknown.status).toBe(400);
    expect(unknown.message).toMatch(/没有这个名称的规则/);

    const cleared = await root<{ deleted: number }>(
      'DELETE',
      `/api/option/channel_affinity_cache?rule_name=${encodeURIComponent('codex cli trace')}`,
    );
    expect(cleared.data).toEqual({ deleted: 1 });
    const all = await root<{ deleted: number }>('DELETE', '/api/option/channel_affinity_cache?all=true');
    expect(all.data?.deleted).toBe(stats.by_rule_name['claude cli trace']);
    expect((await root<AffinityCacheStats>('GET', '/api/option/channel_affinity_cache')).data?.total).toBe(0);
  });

  it('answers the usage counters of one affinity key, and 400 without rule_name and key_fp', async () => {
    const value = 'usage-session-0001';
    for (let call = 0; call < 3; call += 1) await messages({ metadata: { user_id: value } });
    await flushAll(server);
    const log = await newestLog(server);
    const fp = (JSON.parse(log.other) as { admin_info: { channel_affinity: { key_fp: string } } }).admin_info
      .channel_affinity.key_fp;
    const usage = await root<AffinityUsageStats>(
      'GET',
      `/api/log/channel_affinity_usage_cache?rule_name=${encodeURIComponent('claude cli trace')}&using_group=default&key_fp=${fp}`,
    );
    expect(usage.data).toMatchObject({
      rule_name: 'claude cli trace',
      using_group: 'default',
      key_fp: fp,
      cached_token_rate_mode: 'cached_over_prompt_plus_cached',
      total: 3,
      window_seconds: 3600,
    });
    expect(usage.data!.total_tokens).toBeGreaterThan(0);
    expect(Object.keys(usage.data!).sort()).toEqual(
      [
        'rule_name',
        'using_group',
        'key_fp',
        'cached_token_rate_mode',
        'hit',
        'total',
        'window_seconds',
        'prompt_tokens',
        'completion_tokens',
        'total_tokens',
        'cached_tokens',
        'prompt_cache_hit_tokens',
        'last_seen_at',
      ].sort(),
    );
    expect((await root('GET', '/api/log/channel_affinity_usage_cache?rule_name=x')).status).toBe(400);
  });

  it('refuses a rules list with a broken pattern, in both languages, and keeps the saved one', async () => {
    const broken = [{ ...claudeCliRule(), model_regex: ['(unclosed'] }, codexCliRule()];
    const en = await root('PUT', '/api/option/', {
      key: 'channel_affinity_setting.rules',
      value: JSON.stringify(broken),
    });
    expect(en.success).toBe(false);
    expect(en.message).toMatch(/rule 1 has an invalid model_regex/);
    const zh = await root(
      'PUT',
      '/api/option/',
      { key: 'channel_affinity_setting.rules', value: JSON.stringify(broken) },
      'zh',
    );
    expect(zh.message).toMatch(/第 1 条规则的 model_regex 无效/);
    expect(server.context.options.json<unknown[]>('channel_affinity_setting.rules')).toHaveLength(2);
    expect(JSON.stringify(server.context.options.json<unknown[]>('channel_affinity_setting.rules'))).not.toContain(
      '(unclosed',
    );
  });
});
