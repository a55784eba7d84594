import { afterAll, beforeAll, expect, it } from 'vitest';
import { toNumber } from '../../db/dialect';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { callerFor, type Caller } from '../../testing/channel-fixtures';

await describeOnEachDatabase('a saved price reaches the relay at once on %s', (server) => {
  let upstream: FakeOpenAIUpstream;
  let root: Caller;
  let apiKey: string;
  let userId: number;

  beforeAll(async () => {
    upstream = await new FakeOpenAIUpstream().start();
    upstream.behaviour = { promptTokens: 1000, completionTokens: 500 };
    root = await callerFor(server, 'root', '123456');
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'house-model'] });
    userId = await addUser(server, 'billed', { quota: 10_000_000 });
    apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
  });
  afterAll(() => upstream.stop());

  async function chat(model: string) {
    const response = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await response.json()) as { error?: { message: string } };
    await flushAll(server);
    const log = await server.context.database.db
      .selectFrom('logs')
      .select('quota')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return { status: response.status, error: body.error?.message, lastQuota: toNumber(log?.quota) };
  }

  it('bills the ratio an administrator just saved, not the default', async () => {
    // default gpt-4o-mini: (1000 + 500 × 4) × 0.075 = 225
    expect(await chat('gpt-4o-mini')).toMatchObject({ status: 200, lastQuota: 225 });
    const ratios = { ...server.context.options.json<Record<string, number>>('ModelRatio'), 'gpt-4o-mini': 2 };
    expect((await root('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify(ratios) })).success).toBe(
      true,
    );
    // (1000 + 500 × 4) × 2 = 6000
    expect(await chat('gpt-4o-mini')).toMatchObject({ status: 200, lastQuota: 6000 });
  });

  it('refuses an unpriced model until a price is saved, then bills that price', async () => {
    const refused = await chat('house-model');
    expect(refused.status).toBe(400);
    expect(refused.error).toContain('house-model');
    expect((await root('PUT', '/api/option/', { key: 'ModelPrice', value: '{"house-model": 0.01}' })).success).toBe(
      true,
    );
    // $0.01 per call × 500000 = 5000
    expect(await chat('house-model')).toMatchObject({ status: 200, lastQuota: 5000 });
  });
});
