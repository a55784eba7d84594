import type { LogView, PageData, QuotaDataPoint } from '@switchboard/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import { FakeMidjourneyProxy } from '../../testing/fake-midjourney-proxy';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, flushAll } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { signedInCaller, type ConsoleCaller } from '../../testing/log-fixtures';

const HOUR = 3600;

let upstream: FakeOpenAIUpstream;
let drawingProxy: FakeMidjourneyProxy;
beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  drawingProxy = await new FakeMidjourneyProxy('mj-secret').start();
});
afterAll(async () => {
  await upstream.stop();
  await drawingProxy.stop();
});

await describeOnEachDatabase('usage data on %s', (server) => {
  let admin: ConsoleCaller;
  let alice: ConsoleCaller;
  let aliceId: number;
  const now = nowSeconds();
  const thisHour = now - (now % HOUR);

  beforeAll(async () => {
    admin = (await signedInCaller(server, 'admin', 10)).caller;
    ({ id: aliceId, caller: alice } = await signedInCaller(server, 'alice'));
    const bob = await signedInCaller(server, 'bob');
    const roll = (userId: number, username: string, model: string, createdAt: number, tokens: number, quota: number) =>
      server.context.logs.roll({ userId, username, model, createdAt, tokens, quota });
    roll(aliceId, 'alice', 'gpt-4o', thisHour - 2 * HOUR + 10, 30, 100);
    roll(aliceId, 'alice', 'gpt-4o', thisHour - 2 * HOUR + 900, 20, 50);
    roll(aliceId, 'alice', 'claude', thisHour - HOUR + 5, 7, 70);
    roll(bob.id, 'bob', 'gpt-4o', thisHour - 2 * HOUR + 60, 3, 40);
    roll(bob.id, 'bob', 'gpt-4o', thisHour - 40 * 24 * HOUR, 1, 1);
    await server.context.logs.flush();
  });

  const window = (since: number, until = now) => `start_timestamp=${since}&end_timestamp=${until}`;
  /** A new signed-in user with quota and an unlimited token "<name> key" POSTs `body` to the relay `path`. */
  const relayCallOf = async (name: string, path: string, body: unknown) => {
    const { id, caller } = await signedInCaller(server, name);
    await server.context.balances.adjustUser(id, 5_000_000);
    const token = await addToken(server, id, { unlimited: true, name: `${name} key` });
    const response = await server.call(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { caller, response };
  };

  it('sums every user per model and hour for administrators, or one username', async () => {
    const all = await admin.get<QuotaDataPoint[]>(`/data/?${window(thisHour - 3 * HOUR)}`);
    expect(all.data).toEqual([
      { model_name: 'gpt-4o', created_at: thisHour - 2 * HOUR, count: 3, token_used: 53, quota: 190 },
      { model_name: 'claude', created_at: thisHour - HOUR, count: 1, token_used: 7, quota: 70 },
    ]);
    const bobOnly = await admin.get<QuotaDataPoint[]>(`/data/?${window(0)}&username=bob`);
    expect(bobOnly.data?.map((point) => point.quota)).toEqual([1, 40]);
    expect((await alice.get('/data/')).success).toBe(false);
  });

  it('answers users their own usage within a month', async () => {
    const own = await alice.get<QuotaDataPoint[]>(`/data/self?${window(thisHour - 3 * HOUR)}`);
    expect(own.data).toEqual([
      { model_name: 'gpt-4o', created_at: thisHour - 2 * HOUR, count: 2, token_used: 50, quota: 150 },
      { model_name: 'claude', created_at: thisHour - HOUR, count: 1, token_used: 7, quota: 70 },
    ]);
    const tooLong = await alice.get(`/data/self?${window(now - 31 * 24 * HOUR)}`);
    expect(tooLong).toMatchObject({ success: false, message: 'The time span cannot exceed one month' });
  });

  it('shows a call made through the relay in the log and in the usage data', async () => {
    upstream.behaviour = { promptTokens: 12, completionTokens: 8 };
    const channelId = await addChannel(server, {
      name: 'relay upstream',
      baseUrl: upstream.url,
      models: ['gpt-4o-mini'],
    });
    const { caller, response } = await relayCallOf('carol', '/v1/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await flushAll(server);

    const own = await caller.get<PageData<LogView>>('/log/self/?type=2');
    const entry = own.data?.items[0];
    expect(own.data?.total).toBe(1);
    expect(entry).toMatchObject({
      model_name: 'gpt-4o-mini',
      token_name: 'carol key',
      prompt_tokens: 12,
      completion_tokens: 8,
      channel: 0,
    });
    expect(entry?.quota).toBeGreaterThan(0);
    const seenByAdmin = await admin.get<PageData<LogView>>('/log/?username=carol');
    expect(seenByAdmin.data?.items[0]).toMatchObject({ channel: channelId, channel_name: 'relay upstream' });
    expect(JSON.parse(seenByAdmin.data?.items[0]?.other ?? '{}')).toMatchObject({
      admin_info: { use_channel: [String(channelId)] },
    });

    const usage = await caller.get<QuotaDataPoint[]>(`/data/self?${window(thisHour, now + HOUR)}`);
    const hourOfCall = (entry?.created_at ?? 0) - ((entry?.created_at ?? 0) % HOUR);
    expect(usage.data).toEqual([
      { model_name: 'gpt-4o-mini', created_at: hourOfCall, count: 1, token_used: 20, quota: entry?.quota },
    ]);
  });

  it('counts a drawing charge in the usage data, as a call of its model without tokens', async () => {
    await addChannel(server, {
      type: 2,
      name: 'drawing upstream',
      baseUrl: drawingProxy.url,
      key: 'mj-secret',
      models: ['mj_imagine'],
    });
    const { caller: painter, response } = await relayCallOf('dave', '/mj/submit/imagine', { prompt: 'a red fox' });
    expect(((await response.json()) as { code: number }).code).toBe(1);
    await flushAll(server);

    const charged = (await painter.get<PageData<LogView>>('/log/self/?type=2')).data?.items[0];
    // mj_imagine costs $0.1 per call: 0.1 × 500000.
    expect(charged).toMatchObject({ model_name: 'mj_imagine', quota: 50_000 });
    const hourOfCharge = (charged?.created_at ?? 0) - ((charged?.created_at ?? 0) % HOUR);
    const usage = await painter.get<QuotaDataPoint[]>(`/data/self?${window(thisHour, now + HOUR)}`);
    expect(usage.data).toEqual([
      { model_name: 'mj_imagine', created_at: hourOfCharge, count: 1, token_used: 0, quota: 50_000 },
    ]);
    const everyone = await admin.get<QuotaDataPoint[]>(`/data/?${window(thisHour, now + HOUR)}&username=dave`);
    expect(everyone.data?.map((point) => point.quota)).toEqual([50_000]);
  });
});
