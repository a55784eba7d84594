import { beforeAll, expect, it } from 'vitest';
import { toNumber } from '../../db/dialect';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { relayCaller } from '../../testing/provider-test-kit';
import { referenceConsoleClient, type ReferenceConsoleClient } from '../../testing/reference-console-client';
import { addChannel, flushAll } from '../../testing/relay-fixtures';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';

const UNPRICED = 'house-model';
const BALANCE = 10_000_000;

/** Issue 16: `accept_unset_model_ratio_model` (fallback ratio 37.5) and `SelfUseModeEnabled` (free) for models without a price. */
await describeOnEachDatabase('models without a price on %s', (server) => {
  const upstream = new FakeOpenAIUpstream().forTests();
  upstream.behaviour = { promptTokens: 1000, completionTokens: 500 };
  let root: ReferenceConsoleClient;

  beforeAll(async () => {
    root = referenceConsoleClient(server, await signIn(server, 'root', '123456'));
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', UNPRICED] });
  });

  async function customer(username: string) {
    const { userId: id, apiKey } = await relayCaller(server, username, BALANCE);
    return { id, apiKey, console: referenceConsoleClient(server, await signIn(server, username, 'password123')) };
  }

  async function chat(apiKey: string) {
    const response = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: UNPRICED, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await response.json()) as { error?: { message: string } };
    await flushAll(server);
    return { status: response.status, error: body.error?.message };
  }

  async function lastLog(userId: number) {
    const row = await server.context.database.db
      .selectFrom('logs')
      .select(['quota', 'content', 'other', 'model_name'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return {
      quota: toNumber(row.quota),
      content: row.content,
      other: JSON.parse(row.other ?? '{}') as Record<string, unknown>,
    };
  }

  async function listedModels(apiKey: string): Promise<string[]> {
    const response = await server.call('/v1/models', { headers: { authorization: `Bearer ${apiKey}` } });
    return ((await response.json()) as { data: Array<{ id: string }> }).data.map((model) => model.id);
  }

  it('bills a user who accepts unpriced models at the fallback ratio 37.5 and says so in the log; others stay refused', async () => {
    const accepting = await customer('accepts-unpriced');
    const other = await customer('prices-only');
    expect((await chat(accepting.apiKey)).status).toBe(400);

    const saved = await accepting.console('PUT', '/api/user/setting', {
      notify_type: 'email',
      quota_warning_threshold: 0,
      accept_unset_model_ratio_model: true,
    });
    expect(saved.success, saved.message).toBe(true);
    expect(
      JSON.parse((await accepting.console<{ setting: string }>('GET', '/api/user/self')).data?.setting ?? '{}'),
    ).toMatchObject({ accept_unset_model_ratio_model: true });

    expect(await chat(accepting.apiKey)).toEqual({ status: 200, error: undefined });
    // (1000 prompt + 500 completion × completion ratio 1) × model ratio 37.5 × group ratio 1
    const log = await lastLog(accepting.id);
    expect(log.quota).toBe(56_250);
    expect(log.other).toMatchObject({ model_ratio: 37.5, unpriced_model: 'fallback-ratio' });
    expect(log.content).toContain('37.5');
    expect(await server.context.balances.userQuota(accepting.id)).toBe(BALANCE - 56_250);
    expect(await listedModels(accepting.apiKey)).toContain(UNPRICED);

    expect((await chat(other.apiKey)).status).toBe(400);
    expect(await listedModels(other.apiKey)).not.toContain(UNPRICED);

    expect(
      (
        await accepting.console('PUT', '/api/user/setting', {
          notify_type: 'email',
          accept_unset_model_ratio_model: false,
        })
      ).success,
    ).toBe(true);
    expect((await chat(accepting.apiKey)).status).toBe(400);
  });

  it('lets everyone call unpriced models free of charge in self-use mode', async () => {
    const user = await customer('self-use');
    expect((await chat(user.apiKey)).status).toBe(400);
    expect(await root('PUT', '/api/option/', { key: 'SelfUseModeEnabled', value: 'true' })).toMatchObject({
      success: true,
    });
    expect((await root<{ self_use_mode_enabled: boolean }>('GET', '/api/status')).data?.self_use_mode_enabled).toBe(
      true,
    );

    expect(await chat(user.apiKey)).toEqual({ status: 200, error: undefined });
    const log = await lastLog(user.id);
    expect(log).toMatchObject({ quota: 0, other: { unpriced_model: 'self-use' } });
    expect(await server.context.balances.userQuota(user.id)).toBe(BALANCE);

    expect(await root('PUT', '/api/option/', { key: 'SelfUseModeEnabled', value: 'false' })).toMatchObject({
      success: true,
    });
    expect((await chat(user.apiKey)).status).toBe(400);
  });
});
