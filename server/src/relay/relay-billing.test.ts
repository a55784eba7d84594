import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { quotaBalances } from '../testing/quota-balances';
import { startTwoInstances } from '../testing/two-instances';
import { addChannel, addToken, addUser, flushAll } from '../testing/relay-fixtures';
import { availableDatabaseKinds } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

let upstream: FakeOpenAIUpstream;
beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
});
afterAll(() => upstream.stop());

async function chat(server: TestServer, apiKey: string, model = 'gpt-4o-mini') {
  const response = await server.call('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 100 }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('bills to the unit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.context.options.save('GroupRatio', JSON.stringify({ default: 1, vip: 0.5, svip: 1 }));
    await server.context.options.save('UserUsableGroups', JSON.stringify({ default: 'default', vip: 'vip' }));
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o', 'dall-e-3'], groups: ['default', 'vip'] });
  });
  afterAll(() => server.stop());

  it('ratio price × group ratio, rounded half away from zero', async () => {
    upstream.behaviour = { promptTokens: 333, completionTokens: 77 };
    const userId = await addUser(server, 'vip-ratio', { quota: 1_000_000, group: 'vip' });
    const token = await addToken(server, userId, { remain: 1_000_000 });
    expect(await chat(server, token.apiKey, 'gpt-4o')).toBe(200);
    await flushAll(server);
    // gpt-4o: ratio 1.25, completion ratio 4; vip 0.5 → (333 + 77 × 4) × 1.25 × 0.5 = 400.625 → 401
    expect(await quotaBalances(server, userId, token.id)).toMatchObject({
      logged: 401,
      userQuota: 1_000_000 - 401,
      tokenRemain: 1_000_000 - 401,
    });
  });

  it('per-call price × 500000 × group ratio', async () => {
    const userId = await addUser(server, 'vip-image', { quota: 1_000_000, group: 'vip' });
    const token = await addToken(server, userId, { remain: 1_000_000 });
    const response = await server.call('/v1/images/generations', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dall-e-3', prompt: 'a cat' }),
    });
    expect(response.status).toBe(200);
    await flushAll(server);
    // dall-e-3: $0.04 per call × 500000 × 0.5 = 10000
    expect(await quotaBalances(server, userId, token.id)).toMatchObject({
      logged: 10_000,
      userQuota: 990_000,
      tokenRemain: 990_000,
    });
  });

  it('refunds the reservation in full when every channel fails', async () => {
    upstream.behaviour = { failWith: { status: 500, message: 'down' } };
    const userId = await addUser(server, 'refunded', { quota: 100_000 });
    const token = await addToken(server, userId, { remain: 100_000 });
    expect(await chat(server, token.apiKey, 'gpt-4o')).toBe(500);
    upstream.behaviour = {};
    await flushAll(server);
    expect(await quotaBalances(server, userId, token.id)).toMatchObject({
      logged: 0,
      userQuota: 100_000,
      tokenRemain: 100_000,
    });
  });
});

const kinds = await availableDatabaseKinds();

describe('under concurrency the balances equal the start minus the sum of the logs', () => {
  it('on one instance: 300 parallel calls, balance small enough that every call reserves', async () => {
    const server = await startTestServer();
    try {
      await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
      upstream.behaviour = { promptTokens: 100, completionTokens: 50 };
      const userId = await addUser(server, 'busy', { quota: 100_000 });
      const token = await addToken(server, userId, { remain: 60_000 });
      const statuses = await Promise.all(Array.from({ length: 300 }, () => chat(server, token.apiKey)));
      await flushAll(server);
      const result = await quotaBalances(server, userId, token.id);
      const served = statuses.filter((status) => status === 200).length;
      expect(served).toBe(result.calls);
      expect(result.requests).toBe(served);
      expect(result.userQuota).toBe(100_000 - result.logged);
      expect(result.userUsed).toBe(result.logged);
      expect(result.tokenRemain).toBe(60_000 - result.logged);
      expect(result.tokenUsed).toBe(result.logged);
      expect(result.tokenRemain).toBeGreaterThanOrEqual(0);
    } finally {
      await server.stop();
    }
  });

  it.runIf(kinds.includes('postgres'))('across two instances sharing PostgreSQL and Redis', async () => {
    const { first, second } = await startTwoInstances();
    try {
      await addChannel(first, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
      await second.context.bus.channelsChanged();
      upstream.behaviour = { promptTokens: 100, completionTokens: 50 };
      const userId = await addUser(first, 'shared', { quota: 200_000 });
      const token = await addToken(first, userId, { remain: 150_000 });
      const statuses = await Promise.all(
        Array.from({ length: 300 }, (_, index) => chat(index % 2 === 0 ? first : second, token.apiKey)),
      );
      await flushAll(first);
      await flushAll(second);
      const result = await quotaBalances(first, userId, token.id);
      expect(statuses.filter((status) => status === 200).length).toBe(result.calls);
      expect(result.calls).toBeGreaterThan(0);
      expect(result.userQuota).toBe(200_000 - result.logged);
      expect(result.tokenRemain).toBe(150_000 - result.logged);
      expect(result.tokenUsed).toBe(result.logged);
      expect(await first.context.balances.userQuota(userId)).toBe(result.userQuota);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
