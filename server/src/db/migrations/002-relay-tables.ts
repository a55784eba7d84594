import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, longText, tableOptions } from '../dialect';

/** channels, abilities, tokens, logs and quota_data: what the relay reads and writes. */
export function relayTables(kind: DatabaseKind): Migration {
  const text = longText(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('channels')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('type', 'integer', (column) => column.notNull())
        .addColumn('key', text, (column) => column.notNull())
        .addColumn('openai_organization', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('test_model', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('status', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('name', 'varchar(255)', (column) => column.notNull())
        .addColumn('weight', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_time', 'bigint', (column) => column.notNull())
        .addColumn('test_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('response_time', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('base_url', 'varchar(1024)', (column) => column.notNull().defaultTo(''))
        .addColumn('other', 'varchar(1024)', (column) => column.notNull().defaultTo(''))
        .addColumn('balance', 'double precision', (column) => column.notNull().defaultTo(0))
        .addColumn('balance_updated_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('models', text, (column) => column.notNull())
        .addColumn('group', 'varchar(255)', (column) => column.notNull().defaultTo('default'))
        .addColumn('used_quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('model_mapping', text, (column) => column.notNull())
        .addColumn('status_code_mapping', 'varchar(1024)', (column) => column.notNull().defaultTo(''))
        .addColumn('priority', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('auto_ban', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('other_info', text, (column) => column.notNull())
        .addColumn('tag', 'varchar(255)')
        .addColumn('setting', text, (column) => column.notNull())
        .addColumn('param_override', text, (column) => column.notNull())
        .addColumn('header_override', text, (column) => column.notNull())
        .addColumn('remark', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_channels_tag').on('channels').column('tag').execute();

      await db.schema
        .createTable('abilities')
        .addColumn('group', 'varchar(64)', (column) => column.notNull())
        .addColumn('model', 'varchar(255)', (column) => column.notNull())
        .addColumn('channel_id', 'bigint', (column) => column.notNull())
        .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('priority', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('weight', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('tag', 'varchar(255)')
        .addPrimaryKeyConstraint('pk_abilities', ['group', 'model', 'channel_id'])
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_abilities_channel').on('abilities').column('channel_id').execute();

      await db.schema
        .createTable('tokens')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('key', 'varchar(64)', (column) => column.notNull().unique())
        .addColumn('status', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('name', 'varchar(64)', (column) => column.notNull())
        .addColumn('created_time', 'bigint', (column) => column.notNull())
        .addColumn('accessed_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('expired_time', 'bigint', (column) => column.notNull().defaultTo(-1))
        .addColumn('remain_quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('unlimited_quota', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('model_limits_enabled', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('model_limits', text, (column) => column.notNull())
        .addColumn('allow_ips', text, (column) => column.notNull())
        .addColumn('used_quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('deleted_at', 'bigint')
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_tokens_user').on('tokens').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('logs')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('type', 'integer', (column) => column.notNull())
        .addColumn('content', text, (column) => column.notNull())
        .addColumn('username', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('token_name', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('token_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('model_name', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('prompt_tokens', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('completion_tokens', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('use_time', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('is_stream', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('channel_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('channel_name', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('group', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('request_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('other', text, (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      const logIndexes: Array<[string, string[]]> = [
        ['idx_logs_created', ['created_at']],
        ['idx_logs_type_created', ['type', 'created_at']],
        ['idx_logs_user_created', ['user_id', 'created_at']],
        ['idx_logs_username_created', ['username', 'created_at']],
        ['idx_logs_token_name', ['token_name', 'created_at']],
        ['idx_logs_model_created', ['model_name', 'created_at']],
        ['idx_logs_channel_created', ['channel_id', 'created_at']],
      ];
      for (const [name, columns] of logIndexes) await db.schema.createIndex(name).on('logs').columns(columns).execute();

      await db.schema
        .createTable('quota_data')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('username', 'varchar(64)', (column) => column.notNull())
        .addColumn('model_name', 'varchar(255)', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('token_used', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('count', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createIndex('uq_quota_data_bucket')
        .on('quota_data')
        .columns(['user_id', 'model_name', 'created_at'])
        .unique()
        .execute();
      await db.schema.createIndex('idx_quota_data_created').on('quota_data').column('created_at').execute();
    },
  };
}
