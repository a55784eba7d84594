import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { longText, tableOptions } from '../dialect';

/** `job_runs`: one row per background job: its lease (one run at a time across instances) and its last outcome. */
export function jobRunsTable(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_runs')
        .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('holder', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('lease_until', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('last_started', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('last_finished', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('last_duration_ms', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('last_outcome', 'varchar(16)', (column) => column.notNull().defaultTo(''))
        .addColumn('last_error', longText(kind))
        .addColumn('run_count', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('failure_count', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
    },
  };
}
