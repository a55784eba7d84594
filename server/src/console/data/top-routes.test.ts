import type { TopUsage } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import { describeOnEachDatabase } from '../../testing/test-server';
import { consumption, signedInCaller, writeLogs, type ConsoleCaller } from '../../testing/log-fixtures';

const HOUR = 3600;

await describeOnEachDatabase('the dashboard top lists on %s', (server) => {
  let admin: ConsoleCaller;
  let alice: ConsoleCaller;
  const now = nowSeconds();
  const window = (since: number, until = now + HOUR) => `start_timestamp=${since}&end_timestamp=${until}`;

  beforeAll(async () => {
    admin = (await signedInCaller(server, 'admin', 10)).caller;
    const { id: aliceId, caller } = await signedInCaller(server, 'alice');
    alice = caller;
    const bob = await signedInCaller(server, 'bob');
    const roll = (userId: number, username: string, quota: number, createdAt = now - HOUR) =>
      server.context.logs.roll({ userId, username, model: 'gpt-4o', createdAt, tokens: 10, quota });
    roll(aliceId, 'alice', 300);
    roll(aliceId, 'alice', 200);
    roll(bob.id, 'bob', 900);
    roll(bob.id, 'bob', 5000, now - 40 * 24 * HOUR);
    await writeLogs(server, [
      consumption(aliceId, 'alice', { created_at: now - 60, token_name: 'laptop', quota: 120 }),
      consumption(aliceId, 'alice', { created_at: now - 50, token_name: 'laptop', quota: 80 }),
      consumption(aliceId, 'alice', { created_at: now - 40, token_name: 'phone', quota: 500 }),
      consumption(bob.id, 'bob', { created_at: now - 30, token_name: 'bob key', quota: 9000 }),
    ]);
  });

  it('ranks the users who consumed most in the window, for administrators only', async () => {
    const top = await admin.get<TopUsage[]>(`/data/top_users?${window(now - 2 * HOUR)}`);
    expect(top.data).toEqual([
      { name: 'bob', quota: 900, count: 1 },
      { name: 'alice', quota: 500, count: 2 },
    ]);
    expect((await alice.get(`/data/top_users?${window(now - 2 * HOUR)}`)).success).toBe(false);
  });

  it("ranks a user's own tokens, never another user's, within a month", async () => {
    const top = await alice.get<TopUsage[]>(`/data/self/top_tokens?${window(now - 2 * HOUR)}`);
    expect(top.data).toEqual([
      { name: 'phone', quota: 500, count: 1 },
      { name: 'laptop', quota: 200, count: 2 },
    ]);
    const tooLong = await alice.get(`/data/self/top_tokens?${window(now - 40 * 24 * HOUR)}`);
    expect(tooLong).toMatchObject({ success: false, message: 'The time span cannot exceed one month' });
  });
});
