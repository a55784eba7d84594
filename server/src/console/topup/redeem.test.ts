import { RedemptionStatus } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';
import { newMember } from '../../testing/token-fixtures';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { quotaOf, topUpLogsOf } from '../../testing/wallet-fixtures';

await describeOnEachDatabase('redeeming codes on %s', (server) => {
  let root: ConsoleClient;
  const users: Array<{ id: number; call: ConsoleClient; zh: ConsoleClient }> = [];

  beforeAll(async () => {
    root = consoleClient(server, await signIn(server, 'root', '123456'));
    for (const name of ['amy', 'ben', 'cat', 'dan']) users.push(await newMember(server, name));
  });

  const createCodes = async (body: Record<string, unknown>): Promise<string[]> => {
    const reply = await root<string[]>('POST', '/redemption/', body);
    if (!reply.success || !reply.data) throw new Error(`creation refused: ${reply.message}`);
    return reply.data;
  };
  const user = (index: number) =>
    users[index] ??
    (() => {
      throw new Error('no such user');
    })();

  it('credits the code quota once, marks the code used and writes a top-up log entry', async () => {
    const amy = user(0);
    const [key] = await createCodes({ name: 'welcome', quota: 1_000_000, count: 1 });
    const before = await quotaOf(server, amy.id);
    const reply = await amy.call<number>('POST', '/user/topup', { key });
    expect(reply).toMatchObject({ success: true, data: 1_000_000 });
    const after = await quotaOf(server, amy.id);
    expect(after.live - before.live).toBe(1_000_000);
    expect(after.stored - before.stored).toBe(1_000_000);
    const codes = await root<{
      items: Array<{ key: string; status: number; used_user_id: number; redeemed_time: number }>;
    }>('GET', '/redemption/search?keyword=welcome');
    expect(codes.data?.items[0]).toMatchObject({ key, status: RedemptionStatus.Used, used_user_id: amy.id });
    expect(codes.data?.items[0]?.redeemed_time).toBeGreaterThan(0);
    const logs = await topUpLogsOf(server, amy.id);
    expect(logs.at(-1)).toMatchObject({
      username: 'amy',
      content: expect.stringMatching(/^通过兑换码充值 ＄2\.000000 额度，兑换码ID \d+$/),
    });
  });

  it('refuses an empty, unknown, used or disabled code in both languages, crediting nothing', async () => {
    const ben = user(1);
    const [used, disabled] = await createCodes({ quota: 500, count: 2 });
    await ben.call('POST', '/user/topup', { key: used });
    const codes = await root<{ items: Array<{ id: number; key: string }> }>('GET', '/redemption/?p=1&page_size=100');
    const disabledId = codes.data?.items.find((code) => code.key === disabled)?.id;
    await root('PUT', '/redemption/?status_only=true', { id: disabledId, status: RedemptionStatus.Disabled });
    const before = await quotaOf(server, ben.id);

    expect(await ben.call('POST', '/user/topup', { key: '  ' })).toMatchObject({
      success: false,
      message: 'Please enter a redemption code',
    });
    expect(await ben.zh('POST', '/user/topup', {})).toMatchObject({ success: false, message: '请输入兑换码' });
    expect(await ben.call('POST', '/user/topup', { key: 'f'.repeat(32) })).toMatchObject({
      success: false,
      message: 'Invalid redemption code',
    });
    expect(await ben.zh('POST', '/user/topup', { key: used })).toMatchObject({
      success: false,
      message: '该兑换码已被使用',
    });
    expect(await ben.call('POST', '/user/topup', { key: disabled })).toMatchObject({
      success: false,
      message: 'This redemption code has been disabled',
    });
    expect((await quotaOf(server, ben.id)).live).toBe(before.live);
  });

  it('lets exactly one of many racing requests from several users win a code, crediting once', async () => {
    const [key] = await createCodes({ name: 'race', quota: 777_777, count: 1 });
    const before = await Promise.all(users.map((entry) => quotaOf(server, entry.id)));
    const attempts = users.flatMap((entry) =>
      Array.from({ length: 6 }, () => ({ entry, reply: entry.call<number>('POST', '/user/topup', { key }) })),
    );
    const replies = await Promise.all(
      attempts.map(async (attempt) => ({ id: attempt.entry.id, reply: await attempt.reply })),
    );

    const winners = replies.filter((attempt) => attempt.reply.success);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.reply.data).toBe(777_777);
    for (const loser of replies.filter((attempt) => !attempt.reply.success)) {
      expect(loser.reply.message).toBe('This redemption code has already been used');
    }

    const after = await Promise.all(users.map((entry) => quotaOf(server, entry.id)));
    const rises = users.map((entry, index) => ({
      id: entry.id,
      live: (after[index]?.live ?? 0) - (before[index]?.live ?? 0),
      stored: (after[index]?.stored ?? 0) - (before[index]?.stored ?? 0),
    }));
    const winnerId = winners[0]?.id;
    expect(rises).toEqual(
      users.map((entry) => ({
        id: entry.id,
        live: entry.id === winnerId ? 777_777 : 0,
        stored: entry.id === winnerId ? 777_777 : 0,
      })),
    );
    const code = await server.context.database.db
      .selectFrom('redemptions')
      .selectAll()
      .where('key', '=', key ?? '')
      .executeTakeFirstOrThrow();
    expect(Number(code.used_user_id)).toBe(winnerId);
  });
});
