import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, longText, tableOptions } from '../dialect';

/**
 * `midjourneys` (drawing tasks, spec 001 §3, reference notes §9.1) and `tasks` (async tasks: Suno, video;
 * reference notes §9.2). `refunded` is set by the one conditional UPDATE that wins the refund of a failed task.
 * Times are unix milliseconds for `midjourneys` (as midjourney-proxy reports them) and seconds for `tasks`.
 */
export function taskTables(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('midjourneys')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('code', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('token_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('action', 'varchar(40)', (column) => column.notNull().defaultTo(''))
        .addColumn('mj_id', 'varchar(191)', (column) => column.notNull())
        .addColumn('prompt', longText(kind))
        .addColumn('prompt_en', longText(kind))
        .addColumn('description', longText(kind))
        .addColumn('state', longText(kind))
        .addColumn('submit_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('finish_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('image_url', longText(kind))
        .addColumn('video_url', longText(kind))
        .addColumn('video_urls', longText(kind))
        .addColumn('status', 'varchar(20)', (column) => column.notNull().defaultTo(''))
        .addColumn('progress', 'varchar(30)', (column) => column.notNull().defaultTo(''))
        .addColumn('fail_reason', longText(kind))
        .addColumn('channel_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('model_name', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('refunded', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('buttons', longText(kind))
        .addColumn('properties', longText(kind))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_midjourneys_mj_id').on('midjourneys').column('mj_id').execute();
      await db.schema.createIndex('idx_midjourneys_user').on('midjourneys').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('idx_midjourneys_progress').on('midjourneys').columns(['progress', 'id']).execute();
      await db.schema.createIndex('idx_midjourneys_submit').on('midjourneys').columns(['submit_time']).execute();

      await db.schema
        .createTable('tasks')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('created_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('task_id', 'varchar(191)', (column) => column.notNull())
        .addColumn('platform', 'varchar(30)', (column) => column.notNull())
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('token_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('channel_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('model_name', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('refunded', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('action', 'varchar(40)', (column) => column.notNull().defaultTo(''))
        .addColumn('status', 'varchar(20)', (column) => column.notNull().defaultTo(''))
        .addColumn('fail_reason', longText(kind))
        .addColumn('submit_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('finish_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('progress', 'varchar(20)', (column) => column.notNull().defaultTo(''))
        .addColumn('properties', longText(kind))
        .addColumn('private_data', longText(kind))
        .addColumn('data', longText(kind))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_tasks_task_id').on('tasks').columns(['platform', 'task_id']).unique().execute();
      await db.schema.createIndex('idx_tasks_user').on('tasks').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('idx_tasks_status').on('tasks').columns(['status', 'id']).execute();
      await db.schema.createIndex('idx_tasks_submit').on('tasks').columns(['submit_time']).execute();
    },
  };
}
