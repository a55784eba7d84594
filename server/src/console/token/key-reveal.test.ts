import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from '../../testing/console-client';
import { signIn, startTestServer, type TestServer } from '../../testing/test-server';
import { createToken, signInNewUser, tokenClient, type TokenClient } from '../../testing/token-fixtures';

const masked = (key: string) => `${key.slice(0, 4)}**********${key.slice(-4)}`;

describe('token keys: masked in lists, whole on demand', () => {
  let server: TestServer;
  let owner: ReturnType<typeof consoleClient>;
  let tokens: TokenClient;
  let stranger: ReturnType<typeof consoleClient>;
  let root: ReturnType<typeof consoleClient>;

  beforeAll(async () => {
    server = await startTestServer();
    const headers = await signInNewUser(server, 'keeper');
    owner = consoleClient(server, headers);
    tokens = tokenClient(server, headers);
    stranger = consoleClient(server, await signInNewUser(server, 'stranger'));
    root = consoleClient(server, await signIn(server, 'root', '123456'));
  });

  afterAll(async () => {
    await server.stop();
  });

  it('lists, searches, reads and edits with the key masked as 4 + 10 asterisks + 4', async () => {
    const token = await createToken(tokens, { name: 'masked-one' });
    expect(token.key).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect((await tokens.list()).data?.find((item) => item.id === token.id)?.key).toBe(masked(token.key));
    expect((await tokens.search(`keyword=masked-one`)).data?.[0]?.key).toBe(masked(token.key));
    expect((await tokens.search(`token=sk-${token.key}`)).data?.map((item) => item.id)).toEqual([token.id]);
    expect((await tokens.get(token.id)).data?.key).toBe(masked(token.key));
    expect((await tokens.update({ ...token, name: 'masked-two' })).data?.key).toBe(masked(token.key));
    expect((await owner('POST', `/token/${token.id}/key`)).data).toEqual({ key: token.key });
  });

  it('keeps whole keys in lists when the option says so', async () => {
    const token = await createToken(tokens, { name: 'whole' });
    expect((await root('PUT', '/option/', { key: 'TokenKeysInListsEnabled', value: 'true' })).success).toBe(true);
    try {
      expect((await tokens.get(token.id)).data?.key).toBe(token.key);
      expect((await tokens.list()).data?.find((item) => item.id === token.id)?.key).toBe(token.key);
    } finally {
      await root('PUT', '/option/', { key: 'TokenKeysInListsEnabled', value: 'false' });
    }
    expect((await tokens.get(token.id)).data?.key).toBe(masked(token.key));
  });

  it('reveals only one’s own tokens, at most 100 at once', async () => {
    const first = await createToken(tokens, { name: 'batch-a' });
    const second = await createToken(tokens, { name: 'batch-b' });
    const batch = await owner<{ keys: Record<string, string> }>('POST', '/token/batch/keys', {
      ids: [first.id, second.id, 999_999],
    });
    expect(batch.data).toEqual({ keys: { [String(first.id)]: first.key, [String(second.id)]: second.key } });

    expect(await stranger('POST', `/token/${first.id}/key`)).toMatchObject({ success: false });
    expect(
      (await stranger<{ keys: Record<string, string> }>('POST', '/token/batch/keys', { ids: [first.id, second.id] }))
        .data,
    ).toEqual({ keys: {} });

    const hundredAndOne = Array.from({ length: 101 }, (_, index) => first.id + index);
    expect(await owner('POST', '/token/batch/keys', { ids: hundredAndOne })).toMatchObject({
      success: false,
      message: 'Too many tokens (max 100)',
    });
    expect((await owner('POST', '/token/batch/keys', { ids: hundredAndOne.slice(0, 100) })).success).toBe(true);
    expect(await owner('POST', '/token/batch/keys', { ids: [] })).toMatchObject({
      success: false,
      message: 'Invalid params: give the token ids',
    });
  });
});

describe('token key reveal under the critical limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ environment: { CRITICAL_RATE_LIMIT: '3', CRITICAL_RATE_LIMIT_DURATION: '600' } });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('answers 429 past CRITICAL_RATE_LIMIT calls from one address', async () => {
    const headers = await signInNewUser(server, 'hurried');
    const token = await createToken(tokenClient(server, headers));
    const reveal = (path: string, body?: unknown) =>
      server.call(`/api${path}`, {
        method: 'POST',
        headers: { ...headers, 'accept-language': 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await reveal(`/token/${token.id}/key`)).status).toBe(200);
    expect((await reveal('/token/batch/keys', { ids: [token.id] })).status).toBe(200);
    expect((await reveal(`/token/${token.id}/key`)).status).toBe(200);
    const refused = await reveal(`/token/${token.id}/key`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ success: false });
    // Other console calls are not counted with the reveals.
    expect((await server.call(`/api/token/${token.id}`, { headers })).status).toBe(200);
  });
});
