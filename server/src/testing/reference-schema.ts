import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DatabaseKind } from '../config';

/*
 * The reference product's tables as its ORM creates them (reference notes §2.1, §4, §5.1, §8, §9, §10.2),
 * for testing the import: booleans as the dialect's boolean, soft deletes as datetimes, columns that
 * Switchboard has no place for (discord_id, cross_group_retry, ...).
 */

const id = (kind: DatabaseKind) => (column: ColumnDefinitionBuilder) =>
  kind === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
const idType = (kind: DatabaseKind) => (kind === 'sqlite' ? 'integer' : 'bigint');
const datetime = (kind: DatabaseKind) => (kind === 'postgres' ? 'timestamptz' : 'datetime');
const longText = (kind: DatabaseKind) => (kind === 'mysql' ? sql`longtext` : sql`text`);
const json = (kind: DatabaseKind) => (kind === 'sqlite' ? sql`text` : sql`json`);

export async function createReferenceSchema(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('username', 'varchar(20)', (column) => column.unique())
    .addColumn('password', 'varchar(255)', (column) => column.notNull())
    .addColumn('display_name', 'varchar(20)')
    .addColumn('role', 'bigint', (column) => column.defaultTo(1))
    .addColumn('status', 'bigint', (column) => column.defaultTo(1))
    .addColumn('email', 'varchar(50)')
    .addColumn('github_id', 'varchar(64)')
    .addColumn('discord_id', 'varchar(64)')
    .addColumn('oidc_id', 'varchar(64)')
    .addColumn('wechat_id', 'varchar(64)')
    .addColumn('telegram_id', 'varchar(64)')
    .addColumn('linux_do_id', 'varchar(64)')
    .addColumn('access_token', 'char(32)')
    .addColumn('quota', 'bigint', (column) => column.defaultTo(0))
    .addColumn('used_quota', 'bigint', (column) => column.defaultTo(0))
    .addColumn('request_count', 'bigint', (column) => column.defaultTo(0))
    .addColumn('group', 'varchar(64)', (column) => column.defaultTo('default'))
    .addColumn('aff_code', 'varchar(32)')
    .addColumn('aff_count', 'bigint', (column) => column.defaultTo(0))
    .addColumn('aff_quota', 'bigint', (column) => column.defaultTo(0))
    .addColumn('aff_history', 'bigint', (column) => column.defaultTo(0))
    .addColumn('inviter_id', 'bigint')
    .addColumn('setting', longText(kind))
    .addColumn('remark', 'varchar(255)')
    .addColumn('stripe_customer', 'varchar(64)')
    .addColumn('created_at', 'bigint')
    .addColumn('last_login_at', 'bigint')
    .addColumn('deleted_at', datetime(kind))
    .execute();
  await db.schema
    .createTable('tokens')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('user_id', 'bigint')
    .addColumn('key', 'varchar(128)', (column) => column.unique())
    .addColumn('status', 'bigint', (column) => column.defaultTo(1))
    .addColumn('name', 'varchar(255)')
    .addColumn('created_time', 'bigint')
    .addColumn('accessed_time', 'bigint')
    .addColumn('expired_time', 'bigint', (column) => column.defaultTo(-1))
    .addColumn('remain_quota', 'bigint', (column) => column.defaultTo(0))
    .addColumn('unlimited_quota', 'boolean')
    .addColumn('model_limits_enabled', 'boolean')
    .addColumn('model_limits', 'varchar(1024)')
    .addColumn('allow_ips', 'varchar(255)')
    .addColumn('used_quota', 'bigint', (column) => column.defaultTo(0))
    .addColumn('group', 'varchar(255)')
    .addColumn('cross_group_retry', 'boolean')
    .addColumn('deleted_at', datetime(kind))
    .execute();
  await db.schema
    .createTable('channels')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('type', 'bigint', (column) => column.defaultTo(0))
    .addColumn('key', longText(kind), (column) => column.notNull())
    // The ORM's name for the Go field OpenAIOrganization.
    .addColumn('open_ai_organization', 'varchar(255)')
    .addColumn('test_model', 'varchar(255)')
    .addColumn('status', 'bigint', (column) => column.defaultTo(1))
    .addColumn('name', 'varchar(255)')
    .addColumn('weight', 'bigint', (column) => column.defaultTo(0))
    .addColumn('created_time', 'bigint')
    .addColumn('test_time', 'bigint')
    .addColumn('response_time', 'bigint')
    .addColumn('base_url', 'varchar(255)', (column) => column.defaultTo(''))
    .addColumn('other', longText(kind))
    .addColumn('balance', 'double precision')
    .addColumn('balance_updated_time', 'bigint')
    .addColumn('models', longText(kind))
    .addColumn('group', 'varchar(64)', (column) => column.defaultTo('default'))
    .addColumn('used_quota', 'bigint', (column) => column.defaultTo(0))
    .addColumn('model_mapping', longText(kind))
    .addColumn('status_code_mapping', 'varchar(1024)')
    .addColumn('priority', 'bigint', (column) => column.defaultTo(0))
    .addColumn('auto_ban', 'bigint', (column) => column.defaultTo(1))
    .addColumn('other_info', longText(kind))
    .addColumn('tag', 'varchar(255)')
    .addColumn('setting', longText(kind))
    .addColumn('param_override', longText(kind))
    .addColumn('header_override', longText(kind))
    .addColumn('remark', 'varchar(255)')
    .addColumn('channel_info', longText(kind))
    .addColumn('settings', longText(kind))
    .execute();
  await db.schema
    .createTable('abilities')
    .addColumn('group', 'varchar(64)', (column) => column.notNull())
    .addColumn('model', 'varchar(255)', (column) => column.notNull())
    .addColumn('channel_id', 'bigint', (column) => column.notNull())
    .addColumn('enabled', 'boolean')
    .addColumn('priority', 'bigint', (column) => column.defaultTo(0))
    .addColumn('weight', 'bigint', (column) => column.defaultTo(0))
    .addColumn('tag', 'varchar(255)')
    .addPrimaryKeyConstraint('abilities_pk', ['group', 'model', 'channel_id'])
    .execute();
  await db.schema
    .createTable('options')
    .addColumn('key', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('value', longText(kind))
    .execute();
  await db.schema
    .createTable('redemptions')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('user_id', 'bigint')
    .addColumn('key', 'char(32)', (column) => column.unique())
    .addColumn('status', 'bigint', (column) => column.defaultTo(1))
    .addColumn('name', 'varchar(255)')
    .addColumn('quota', 'bigint', (column) => column.defaultTo(100))
    .addColumn('created_time', 'bigint')
    .addColumn('redeemed_time', 'bigint')
    .addColumn('used_user_id', 'bigint')
    .addColumn('expired_time', 'bigint')
    .addColumn('deleted_at', datetime(kind))
    .execute();
  await db.schema
    .createTable('logs')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'bigint')
    .addColumn('type', 'bigint')
    .addColumn('content', longText(kind))
    .addColumn('username', 'varchar(255)', (column) => column.defaultTo(''))
    .addColumn('token_name', 'varchar(255)', (column) => column.defaultTo(''))
    .addColumn('model_name', 'varchar(255)', (column) => column.defaultTo(''))
    .addColumn('quota', 'bigint', (column) => column.defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (column) => column.defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (column) => column.defaultTo(0))
    .addColumn('use_time', 'bigint', (column) => column.defaultTo(0))
    .addColumn('is_stream', 'boolean')
    .addColumn('channel_id', 'bigint')
    .addColumn('token_id', 'bigint', (column) => column.defaultTo(0))
    .addColumn('group', 'varchar(255)')
    .addColumn('ip', 'varchar(255)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('other', longText(kind))
    .execute();
  await db.schema
    .createTable('quota_data')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('user_id', 'bigint')
    .addColumn('username', 'varchar(64)', (column) => column.defaultTo(''))
    .addColumn('model_name', 'varchar(64)', (column) => column.defaultTo(''))
    .addColumn('created_at', 'bigint')
    .addColumn('token_used', 'bigint', (column) => column.defaultTo(0))
    .addColumn('count', 'bigint', (column) => column.defaultTo(0))
    .addColumn('quota', 'bigint', (column) => column.defaultTo(0))
    .execute();
  await createTaskTables(db, kind);
}

/** `midjourneys` and `tasks` (reference notes §9.1, §9.2): drawing times in ms, task times in s. */
async function createTaskTables(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('midjourneys')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('code', 'bigint')
    .addColumn('user_id', 'bigint')
    .addColumn('action', 'varchar(40)')
    .addColumn('mj_id', 'varchar(191)')
    .addColumn('prompt', longText(kind))
    .addColumn('prompt_en', longText(kind))
    .addColumn('description', longText(kind))
    .addColumn('state', longText(kind))
    .addColumn('submit_time', 'bigint')
    .addColumn('start_time', 'bigint')
    .addColumn('finish_time', 'bigint')
    .addColumn('image_url', longText(kind))
    .addColumn('video_url', longText(kind))
    .addColumn('video_urls', longText(kind))
    .addColumn('status', 'varchar(20)')
    .addColumn('progress', 'varchar(30)')
    .addColumn('fail_reason', longText(kind))
    .addColumn('channel_id', 'bigint')
    .addColumn('quota', 'bigint')
    .addColumn('buttons', json(kind))
    .addColumn('properties', json(kind))
    .execute();
  await db.schema
    .createTable('tasks')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('created_at', 'bigint')
    .addColumn('updated_at', 'bigint')
    .addColumn('task_id', 'varchar(191)')
    .addColumn('platform', 'varchar(30)')
    .addColumn('user_id', 'bigint')
    .addColumn('group', 'varchar(50)')
    .addColumn('channel_id', 'bigint')
    .addColumn('quota', 'bigint')
    .addColumn('action', 'varchar(40)')
    .addColumn('status', 'varchar(20)')
    .addColumn('fail_reason', longText(kind))
    .addColumn('submit_time', 'bigint')
    .addColumn('start_time', 'bigint')
    .addColumn('finish_time', 'bigint')
    .addColumn('progress', 'varchar(20)')
    .addColumn('properties', json(kind))
    .addColumn('private_data', json(kind))
    .addColumn('data', json(kind))
    .execute();
  await createReferenceMetadataSchema(db, kind);
}

/** The reference's model and vendor metadata and prefill groups (reference §10), soft-deleted like the rest. */
async function createReferenceMetadataSchema(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('vendors')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('name', 'varchar(128)')
    .addColumn('description', longText(kind))
    .addColumn('icon', 'varchar(128)')
    .addColumn('status', 'integer')
    .addColumn('created_time', 'bigint')
    .addColumn('updated_time', 'bigint')
    .addColumn('deleted_at', datetime(kind))
    .execute();
  await db.schema
    .createTable('models')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('model_name', 'varchar(128)')
    .addColumn('description', longText(kind))
    .addColumn('icon', 'varchar(128)')
    .addColumn('tags', 'varchar(255)')
    .addColumn('vendor_id', 'integer')
    .addColumn('endpoints', longText(kind))
    .addColumn('status', 'integer')
    .addColumn('sync_official', 'integer')
    .addColumn('created_time', 'bigint')
    .addColumn('updated_time', 'bigint')
    .addColumn('deleted_at', datetime(kind))
    .addColumn('name_rule', 'integer')
    .execute();
  await db.schema
    .createTable('prefill_groups')
    .addColumn('id', idType(kind), id(kind))
    .addColumn('name', 'varchar(64)')
    .addColumn('type', 'varchar(32)')
    .addColumn('items', json(kind))
    .addColumn('description', 'varchar(255)')
    .addColumn('created_time', 'bigint')
    .addColumn('updated_time', 'bigint')
    .addColumn('deleted_at', datetime(kind))
    .execute();
}
