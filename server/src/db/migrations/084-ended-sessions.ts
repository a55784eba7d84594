import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idType, tableOptions } from '../dialect';

/** `ended_sessions`: the ids of console sessions signed out before their cookie expired. */
export function endedSessionsTable(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ended_sessions')
        .addColumn('session_id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('user_id', idType(kind), (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_ended_sessions_expires_at').on('ended_sessions').column('expires_at').execute();
    },
  };
}
