import type { ChannelBalanceSummary, ChannelView } from '@switchboard/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/test-server';
import {
  callerForTests,
  startFakeUpstream,
  type FakeUpstream,
  createChannels,
  expectAutoDisabled,
} from '../../testing/channel-fixtures';

const GOOD_KEY = 'sk-upstream-good';
const server = serverForTests();
const root = callerForTests(server);
let upstream: FakeUpstream;
/** What the fake vendor answers, by path without query. */
let replies: Record<string, { status?: number; body: unknown }> = {};

beforeAll(async () => {
  upstream = await startFakeUpstream((request) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const authorised =
      [request.headers.authorization, request.headers['x-api-key'], request.headers['api-key']].some((value) =>
        String(value ?? '').endsWith(GOOD_KEY),
      ) || (request.url ?? '').includes(`key=${GOOD_KEY}`);
    if (!authorised)
      return { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } };
    return replies[path];
  });
});

afterAll(async () => {
  await upstream.close();
});

beforeEach(() => {
  replies = {};
  upstream.requests.length = 0;
});

const create = async (overrides: Record<string, unknown>): Promise<number> =>
  (await createChannels(root, { base_url: upstream.url, key: GOOD_KEY, ...overrides }))[0] ?? 0;

/** Asks the upstream for the models of an unsaved channel of the type (the form's "fetch models"). */
const fetchByType = (type: number, language?: 'zh') =>
  root('POST', '/api/channel/fetch_models', { base_url: upstream.url, type, key: GOOD_KEY }, language);

describe('fetch models', () => {
  it('lists the models of a stored channel from GET {base}/v1/models with its key as Bearer', async () => {
    replies['/v1/models'] = { body: { object: 'list', data: [{ id: 'gpt-b' }, { id: 'gpt-a' }, { id: 'gpt-b' }] } };
    const id = await create({ name: 'lister' });
    const reply = await root('GET', `/api/channel/fetch_models/${id}`);
    expect(reply).toMatchObject({ success: true, data: ['gpt-a', 'gpt-b'] });
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
  });

  it('lists models from a base URL, type and key before the channel exists', async () => {
    replies['/v1/models'] = { body: { data: [{ id: 'deepseek-chat' }] } };
    const reply = await root('POST', '/api/channel/fetch_models', {
      base_url: `${upstream.url}/`,
      type: 43,
      key: GOOD_KEY,
    });
    expect(reply).toMatchObject({ success: true, data: ['deepseek-chat'] });
  });

  it('speaks the Gemini, Anthropic and Ollama listings', async () => {
    replies['/v1beta/models'] = { body: { models: [{ name: 'models/gemini-2.5-pro' }] } };
    replies['/api/tags'] = { body: { models: [{ name: 'llama3.2' }] } };
    replies['/v1/models'] = { body: { data: [{ id: 'claude-sonnet-4-20250514' }] } };
    expect((await fetchByType(24)).data).toEqual(['gemini-2.5-pro']);
    expect((await fetchByType(4)).data).toEqual(['llama3.2']);
    expect((await fetchByType(14)).data).toEqual(['claude-sonnet-4-20250514']);
    expect(upstream.requests.at(-1)?.headers['anthropic-version']).toBe('2023-06-01');
  });

  it("speaks the vendors' own listings: Cohere, Cloudflare with the account id, Zhipu v4 and Baidu V2", async () => {
    replies['/v1/models'] = { body: { models: [{ name: 'command-a-03-2025' }, { name: 'rerank-v3.5' }] } };
    replies['/client/v4/accounts/acc-7/ai/models/search'] = {
      body: { success: true, result: [{ id: 'x', name: '@cf/meta/llama-3.1-8b-instruct' }] },
    };
    replies['/api/paas/v4/models'] = { body: { object: 'list', data: [{ id: 'glm-4-plus' }] } };
    replies['/v2/models'] = { body: { object: 'list', data: [{ id: 'ernie-4.5-turbo-128k' }] } };
    expect((await fetchByType(34)).data).toEqual(['command-a-03-2025', 'rerank-v3.5']);
    const cloudflare = await create({ name: 'cloudflare', type: 39, other: 'acc-7' });
    expect((await root('GET', `/api/channel/fetch_models/${cloudflare}`)).data).toEqual([
      '@cf/meta/llama-3.1-8b-instruct',
    ]);
    expect((await fetchByType(26)).data).toEqual(['glm-4-plus']);
    expect((await fetchByType(46)).data).toEqual(['ernie-4.5-turbo-128k']);
  });

  it('says which types offer no model list, without calling them', async () => {
    const dify = await fetchByType(37);
    expect(dify).toMatchObject({
      success: false,
      message: 'Channel type Dify offers no model list; fill in the models by hand',
    });
    expect((await fetchByType(15, 'zh')).message).toBe('渠道类型 Baidu Wenxin 不提供模型列表，请手动填写模型');
    expect(upstream.requests).toHaveLength(0);
  });

  it('reports the upstream refusal, a reply without a model list and an unreachable host', async () => {
    const refused = await root('POST', '/api/channel/fetch_models', {
      base_url: upstream.url,
      type: 1,
      key: 'sk-wrong',
    });
    expect(refused).toMatchObject({
      success: false,
      message: 'Model list fetch failed: HTTP 401: Incorrect API key provided',
    });
    expect(
      (await root('POST', '/api/channel/fetch_models', { base_url: upstream.url, type: 1, key: 'sk-wrong' }, 'zh'))
        .message,
    ).toBe('获取模型列表失败：HTTP 401: Incorrect API key provided');
    replies['/v1/models'] = { body: { object: 'list' } };
    expect((await fetchByType(1)).message).toBe('Model list fetch failed: unexpected reply: no model list');
    const unreachable = await root('POST', '/api/channel/fetch_models', {
      base_url: 'http://127.0.0.1:9',
      type: 1,
      key: GOOD_KEY,
    });
    expect(unreachable.message).toMatch(/^Model list fetch failed: could not reach http:\/\/127\.0\.0\.1:9/);
  });

  it('asks for a base URL when the type has no default', async () => {
    const reply = await root('POST', '/api/channel/fetch_models', { base_url: '', type: 8, key: GOOD_KEY });
    expect(reply.message).toBe('This channel type has no default base URL; please fill in the base URL');
  });
});

describe('balance', () => {
  async function balanceOf(id: number): Promise<ChannelView> {
    return (await root<ChannelView>('GET', `/api/channel/${id}`)).data as ChannelView;
  }

  it('reads OpenAI billing: hard limit minus this month’s usage in cents, and stores it', async () => {
    replies['/v1/dashboard/billing/subscription'] = { body: { hard_limit_usd: 120, has_payment_method: false } };
    replies['/v1/dashboard/billing/usage'] = { body: { total_usage: 2050 } };
    const id = await create({ name: 'billing' });
    const reply = await root('GET', `/api/channel/update_balance/${id}/`);
    expect(reply).toMatchObject({ success: true, data: 99.5 });
    const view = await balanceOf(id);
    expect(view.balance).toBe(99.5);
    expect(view.balance_updated_time).toBeGreaterThan(0);
    const usage = upstream.requests.find((request) => request.url.startsWith('/v1/dashboard/billing/usage'));
    const monthStart = `${new Date().toISOString().slice(0, 7)}-01`;
    expect(usage?.url).toContain(`start_date=${monthStart}`);
  });

  it.each([
    [
      43,
      '/user/balance',
      {
        is_available: true,
        balance_infos: [
          { currency: 'CNY', total_balance: '70.00' },
          { currency: 'USD', total_balance: '9.50' },
        ],
      },
      9.5,
    ],
    [20, '/v1/credits', { data: { total_credits: 25, total_usage: 5.25 } }, 19.75],
    [40, '/v1/user/info', { code: 20000, status: true, data: { totalBalance: '14.2' } }, 14.2],
    [
      25,
      '/v1/users/me/balance',
      { code: 0, data: { available_balance: 33.3, voucher_balance: 0, cash_balance: 33.3 } },
      33.3,
    ],
    [10, '/api/report/getUserOverview', { success: true, data: { totalPoints: 42 } }, 42],
    [12, '/dashboard/billing/credit_grants', { total_available: 7 }, 7],
    [13, '/dashboard/billing/credit_grants', { total_available: 8 }, 8],
  ])('reads the type %i vendor endpoint %s at the overridden base URL', async (type, path, body, expected) => {
    replies[path] = { body };
    const id = await create({ name: `vendor ${type}`, type });
    expect(await root('GET', `/api/channel/update_balance/${id}`)).toMatchObject({ success: true, data: expected });
    expect((await balanceOf(id)).balance).toBe(expected);
  });

  it('says which types have no balance endpoint, and reports upstream failures', async () => {
    const anthropic = await create({ name: 'no balance', type: 14 });
    expect((await root('GET', `/api/channel/update_balance/${anthropic}`)).message).toBe(
      'Balance queries are not supported for this channel type: Anthropic Claude',
    );
    const refused = await create({ name: 'refused', key: 'sk-wrong' });
    expect((await root('GET', `/api/channel/update_balance/${refused}`)).message).toBe(
      'Balance query failed: HTTP 401: Incorrect API key provided',
    );
  });

  it('updates every enabled channel and, with monitoring on, disables one whose balance is used up', async () => {
    await server.context.database.db.deleteFrom('channels').execute();
    replies['/v1/dashboard/billing/subscription'] = { body: { hard_limit_usd: 10 } };
    replies['/v1/dashboard/billing/usage'] = { body: { total_usage: 1000 } };
    await server.context.options.save('AutomaticDisableChannelEnabled', 'true');
    const spent = await create({ name: 'spent' });
    const failing = await create({ name: 'failing', key: 'sk-wrong' });
    const disabled = await create({ name: 'disabled', status: 2 });
    const reply = await root<ChannelBalanceSummary>('GET', '/api/channel/update_balance');
    expect(reply.data).toEqual({ updated: 1, failed: 1 });
    expectAutoDisabled(await balanceOf(spent), 'insufficient balance');
    expect((await balanceOf(failing)).status).toBe(1);
    expect((await balanceOf(disabled)).balance_updated_time).toBe(0);
    await server.context.options.save('AutomaticDisableChannelEnabled', 'false');
  });
});
