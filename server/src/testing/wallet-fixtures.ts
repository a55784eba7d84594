import { flushAll } from './relay-fixtures';
import type { TestServer } from './test-server';

/** A user's quota as the balance authority holds it, and as the database holds it after a flush. */
export async function quotaOf(server: TestServer, userId: number): Promise<{ live: number; stored: number }> {
  const live = await server.context.balances.userQuota(userId);
  await flushAll(server);
  const row = await server.context.database.db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { live, stored: Number(row.quota) };
}

/** The top-up log entries of a user, after a flush. */
export async function topUpLogsOf(
  server: TestServer,
  userId: number,
): Promise<Array<{ content: string; username: string }>> {
  await flushAll(server);
  return server.context.database.db
    .selectFrom('logs')
    .select(['content', 'username'])
    .where('user_id', '=', userId)
    .where('type', '=', 1)
    .orderBy('id')
    .execute();
}
