import { toNumber } from '../db/dialect';
import type { TestServer } from './test-server';

/**
 * A caller's balances as the database holds them (flush pending writes first): the user's quota, used
 * quota and request count, the token's remaining and used quota, and the sum and count of the user's
 * logs of any type.
 */
export async function quotaBalances(server: TestServer, userId: number, tokenId: number) {
  const db = server.context.database.db;
  const logs = await db
    .selectFrom('logs')
    .select((select) => [select.fn.sum<number>('quota').as('quota'), select.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = await db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return {
    logged: toNumber(logs.quota),
    calls: toNumber(logs.count),
    userQuota: toNumber(user.quota),
    userUsed: toNumber(user.used_quota),
    requests: toNumber(user.request_count),
    tokenRemain: toNumber(token.remain_quota),
    tokenUsed: toNumber(token.used_quota),
  };
}
