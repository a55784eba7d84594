import { userQuota } from './provider-test-kit';
import { flushAll } from './relay-fixtures';
import type { TestServer } from './test-server';

/** A user's quota as the balance authority holds it, and as the database holds it after a flush. */
export async function quotaOf(server: TestServer, userId: number): Promise<{ live: number; stored: number }> {
  const live = await server.context.balances.userQuota(userId);
  return { live, stored: await userQuota(server, userId) };
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
