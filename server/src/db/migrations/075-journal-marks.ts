import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { tableOptions } from '../dialect';

/** `journal_marks`: how far each instance's settlement journal has reached the database. */
export function journalMarksTable(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('journal_marks')
        .addColumn('instance_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('stream', 'varchar(16)', (column) => column.notNull())
        .addColumn('seq', 'bigint', (column) => column.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('journal_marks_pk', ['instance_id', 'stream'])
        .modifyEnd(tableOptions(kind))
        .execute();
    },
  };
}
