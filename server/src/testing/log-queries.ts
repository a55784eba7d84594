import type { Selectable } from 'kysely';
import type { Tables } from '../db/tables';
import { flushAll } from './relay-fixtures';
import type { TestServer } from './test-server';

/** The newest log row of any user (flush pending writes first where they matter). */
export function newestLog(server: Pick<TestServer, 'context'>) {
  return server.context.database.db.selectFrom('logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** The newest log row once pending writes are flushed. */
export async function newestLogFlushed(server: TestServer) {
  await flushAll(server);
  return newestLog(server);
}

/** A user's log rows of one type (2 consumption, 4 refund), oldest first, as written so far. */
export function userLogsOfType(server: Pick<TestServer, 'context'>, userId: number, type: number) {
  return server.context.database.db
    .selectFrom('logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
}

type LogColumn = keyof Selectable<Tables['logs']> & string;

/** The named columns of a user's log rows, oldest first, as written so far. */
export function userLogs<C extends LogColumn>(server: Pick<TestServer, 'context'>, userId: number, columns: C[]) {
  return server.context.database.db
    .selectFrom('logs')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
