import type { UserView } from '@switchboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, type ConsoleClient } from '../testing/console-client';
import { signIn, serverForTests } from '../testing/test-server';
import { createToken, signInNewUser, tokenClient } from '../testing/token-fixtures';

// Spec 001: numbers a console form or a script sends as text are parsed as integers (channels did it
// already); text that is no number is refused with the field's own rule.
const server = serverForTests();
let root: ConsoleClient;

beforeAll(async () => {
  root = consoleClient(server, await signIn(server, 'root', '123456'));
});

describe('numbers given as text', () => {
  it('redemption count and quota', async () => {
    const reply = await root<string[]>('POST', '/redemption/', { name: 'as text', quota: '250000', count: '3' });
    expect(reply).toMatchObject({ success: true });
    expect(reply.data).toHaveLength(3);
    const rows = await server.context.database.db
      .selectFrom('redemptions')
      .select('quota')
      .where('name', '=', 'as text')
      .execute();
    expect(rows.map((row) => Number(row.quota))).toEqual([250_000, 250_000, 250_000]);
    const refused = await root('POST', '/redemption/', { name: 'no number', quota: 'lots', count: '1' });
    expect(refused.success).toBe(false);
    expect(
      await server.context.database.db.selectFrom('redemptions').select('id').where('name', '=', 'no number').execute(),
    ).toEqual([]);
  });

  it("a token's remain_quota", async () => {
    const tokens = tokenClient(server, await signInNewUser(server, 'text-quota'));
    const token = await createToken(tokens, { remain_quota: '5000', unlimited_quota: false });
    expect(token.remain_quota).toBe(5000);
    const updated = await tokens.update({ ...token, remain_quota: '7000' });
    expect(updated).toMatchObject({ success: true });
    expect((await tokens.get(token.id)).data?.remain_quota).toBe(7000);
  });

  it("a user's quota", async () => {
    await signInNewUser(server, 'text-user');
    const found = await root<{ items: UserView[] }>('GET', '/user/search?keyword=text-user');
    const id = found.data!.items[0]!.id;
    expect(await root('PUT', '/user/', { id, quota: '777' })).toMatchObject({ success: true });
    expect((await root<UserView>('GET', `/user/${id}`)).data?.quota).toBe(777);
    expect((await root('PUT', '/user/', { id, quota: 'seven' })).success).toBe(false);
    expect((await root<UserView>('GET', `/user/${id}`)).data?.quota).toBe(777);
  });
});
