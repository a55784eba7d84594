import { TokenStatus, UserStatus } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { consumption, writeLogs } from '../../testing/log-fixtures';

await describeOnEachDatabase('token self-service on %s', (server) => {
  const CHANNEL_NAME = 'secret-vendor-channel';
  let upstream: FakeOpenAIUpstream;
  let userId: number;
  let token: { id: number; key: string; apiKey: string };

  const get = (path: string, authorization?: string) =>
    server.call(path, {
      headers: { 'accept-language': 'en', ...(authorization === undefined ? {} : { authorization }) },
    });

  beforeAll(async () => {
    upstream = await new FakeOpenAIUpstream().start();
    userId = await addUser(server, 'holder', { quota: 10_000_000 });
    token = await addToken(server, userId, {
      name: 'ci-key',
      remain: 500_000,
      modelLimits: ['gpt-4o', 'gpt-4o-mini'],
      expiredTime: 4_102_444_800,
    });
    await addChannel(server, { name: CHANNEL_NAME, baseUrl: upstream.url, models: ['gpt-4o'] });
    for (let call = 0; call < 2; call++) {
      const reply = await server.call('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(reply.status).toBe(200);
    }
    await flushAll(server);
    const other = await addToken(server, userId, { name: 'other-key', remain: 1 });
    await writeLogs(server, [
      consumption(userId, 'holder', {
        token_id: other.id,
        token_name: 'other-key',
        created_at: 1,
        channel_name: CHANNEL_NAME,
      }),
      consumption(userId, 'holder', {
        token_id: token.id,
        token_name: 'ci-key',
        created_at: 2,
        channel_name: CHANNEL_NAME,
        other: JSON.stringify({
          model_ratio: 1,
          admin_info: { use_channel: ['1'] },
          audit_info: { note: 'x' },
          stream_status: { ok: true },
        }),
      }),
    ]);
  });

  afterAll(async () => {
    await upstream.stop();
  });

  describe('GET /api/log/token', () => {
    it("answers the token's own rows newest first, numbered 1..n, without channel names or administrator details", async () => {
      const response = await get('/api/log/token', `Bearer ${token.apiKey}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const text = await response.text();
      expect(text).not.toContain(CHANNEL_NAME);
      expect(text).not.toMatch(/admin_info|audit_info|stream_status|use_channel/);
      const body = JSON.parse(text) as { success: boolean; data: Array<Record<string, unknown>> };
      expect(body.success).toBe(true);
      expect(body.data.map((row) => row.id)).toEqual([1, 2, 3]);
      expect(body.data.every((row) => row.token_id === token.id && row.token_name === 'ci-key')).toBe(true);
      expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
        [
          'id',
          'user_id',
          'created_at',
          'type',
          'content',
          'username',
          'token_name',
          'token_id',
          'model_name',
          'quota',
          'prompt_tokens',
          'completion_tokens',
          'use_time',
          'is_stream',
          'channel',
          'channel_name',
          'group',
          'ip',
          'request_id',
          'upstream_request_id',
          'other',
        ].sort(),
      );
      expect(body.data.every((row) => row.channel_name === '')).toBe(true);
      expect(JSON.parse(String(body.data[0]?.other))).toEqual({ model_ratio: 1 });
      expect(body.data[1]).toMatchObject({ model_name: 'gpt-4o', prompt_tokens: 10, completion_tokens: 20 });
    });

    it('accepts the key with a suffix after a dash', async () => {
      expect((await get('/api/log/token', `Bearer ${token.apiKey}-7`)).status).toBe(200);
    });
  });

  describe('GET /api/usage/token/', () => {
    it("answers the token's balance in the reference's shape", async () => {
      const response = await get('/api/usage/token/', `Bearer ${token.apiKey}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { total_used: number } };
      const used = body.data.total_used;
      expect(used).toBeGreaterThan(0);
      expect(body).toEqual({
        code: true,
        message: 'ok',
        data: {
          object: 'token_usage',
          name: 'ci-key',
          total_granted: 500_000,
          total_used: used,
          total_available: 500_000 - used,
          unlimited_quota: false,
          model_limits: { 'gpt-4o': true, 'gpt-4o-mini': true },
          model_limits_enabled: true,
          expires_at: 4_102_444_800,
        },
      });
    });
  });

  describe('key authentication', () => {
    it('refuses a missing or unknown key and a disabled token with 401, a banned owner with 403', async () => {
      const missing = await get('/api/usage/token/');
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ success: false, message: expect.stringContaining('Authorization') });
      expect((await get('/api/log/token', 'Bearer sk-unknownkey')).status).toBe(401);
      const disabled = await addToken(server, userId, { status: TokenStatus.Disabled });
      expect((await get('/api/usage/token/', `Bearer ${disabled.apiKey}`)).status).toBe(401);
      const banned = await addUser(server, 'banned-holder');
      const bannedToken = await addToken(server, banned);
      await server.context.database.db
        .updateTable('users')
        .set({ status: UserStatus.Disabled })
        .where('id', '=', banned)
        .execute();
      const refused = await get('/api/log/token', `Bearer ${bannedToken.apiKey}`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ success: false });
    });

    it('lets an expired or exhausted token still ask', async () => {
      const expired = await addToken(server, userId, { status: TokenStatus.Expired, expiredTime: 1 });
      const exhausted = await addToken(server, userId, { status: TokenStatus.Exhausted });
      expect((await get('/api/usage/token/', `Bearer ${expired.apiKey}`)).status).toBe(200);
      expect((await get('/api/log/token', `Bearer ${exhausted.apiKey}`)).status).toBe(200);
    });

    it('answers a cross-origin preflight', async () => {
      const response = await server.call('/api/log/token', {
        method: 'OPTIONS',
        headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    });
  });
});
