import type { TokenView } from '@switchboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser } from '../../testing/relay-fixtures';
import { signIn, serverForTests } from '../../testing/test-server';
import { tokenClient, type TokenClient } from '../../testing/token-fixtures';

const LOADED_REMAIN = 1_000_000;

describe('editing a token while calls spend from it', () => {
  const server = serverForTests();
  const upstream = new FakeOpenAIUpstream().forTests();
  let owner: TokenClient;
  let userId: number;

  beforeAll(async () => {
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    userId = await addUser(server, 'spender', { quota: 100_000_000 });
    owner = tokenClient(server, await signIn(server, 'spender', 'password123'));
  });

  /** A token as the editor loaded it, then one call spends from it; answers the token and what remains now. */
  async function loadedThenSpent(): Promise<{ loaded: TokenView; remainNow: number }> {
    const token = await addToken(server, userId, { remain: LOADED_REMAIN });
    const loaded = (await owner.get(token.id)).data!;
    expect(loaded.remain_quota).toBe(LOADED_REMAIN);
    const call = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(200);
    await expect.poll(async () => (await owner.get(token.id)).data?.remain_quota).toBeLessThan(LOADED_REMAIN);
    return { loaded, remainNow: (await owner.get(token.id)).data!.remain_quota };
  }

  it('refuses a remaining quota edited from a stale value, saying what remains, and changes nothing', async () => {
    const { loaded, remainNow } = await loadedThenSpent();
    const reply = await owner.update({
      id: loaded.id,
      name: 'renamed',
      remain_quota: 2_000_000,
      expected_remain_quota: LOADED_REMAIN,
    });
    expect(reply).toMatchObject({
      success: false,
      message: `The token’s remaining quota changed meanwhile (now ${remainNow}) and nothing was saved: reload and enter it again`,
    });
    expect((await owner.get(loaded.id)).data).toMatchObject({ name: loaded.name, remain_quota: remainNow });
  });

  it('saves a remaining quota edited from the live value', async () => {
    const { loaded, remainNow } = await loadedThenSpent();
    const reply = await owner.update({ id: loaded.id, remain_quota: 2_000_000, expected_remain_quota: remainNow });
    expect(reply).toMatchObject({ success: true, data: { remain_quota: 2_000_000 } });
  });

  it('keeps what was spent when the edit does not send the remaining quota', async () => {
    const { loaded, remainNow } = await loadedThenSpent();
    const reply = await owner.update({ id: loaded.id, name: 'renamed only' });
    expect(reply).toMatchObject({ success: true, data: { name: 'renamed only', remain_quota: remainNow } });
  });

  it('still takes the reference’s shape: a remaining quota without an expected one is set as given', async () => {
    const { loaded } = await loadedThenSpent();
    const reply = await owner.update({ id: loaded.id, remain_quota: 3_000_000 });
    expect(reply).toMatchObject({ success: true, data: { remain_quota: 3_000_000 } });
  });
});
