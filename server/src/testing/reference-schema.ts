import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DatabaseKind } from '../config';

/*
 * The reference product's tables as its ORM creates them (reference notes §2.1, §4, §5.1, §8, §9, §10.2),
 * for testing the import: booleans as the dialect's boolean, soft deletes as datetimes, columns that
 * Switchboard has no place for (discord_id, cross_group_retry, ...).
 */

/**
 * Each table's columns in the order the ORM creates them, one a line: `name type [constraint]`, where the
 * constraint is `unique`, `not null`, `primary key` or `default <value>`. `id identity` is the
 * auto-increment key; `long text`, `json` and `datetime` are written as each dialect's type.
 */
const REFERENCE_TABLES: Record<string, string[]> = {
  users: [
    'id identity',
    'username varchar(20) unique',
    'password varchar(255) not null',
    'display_name varchar(20)',
    'role bigint default 1',
    'status bigint default 1',
    'email varchar(50)',
    'github_id varchar(64)',
    'discord_id varchar(64)',
    'oidc_id varchar(64)',
    'wechat_id varchar(64)',
    'telegram_id varchar(64)',
    'linux_do_id varchar(64)',
    'access_token char(32)',
    'quota bigint default 0',
    'used_quota bigint default 0',
    'request_count bigint default 0',
    "group varchar(64) default 'default'",
    'aff_code varchar(32)',
    'aff_count bigint default 0',
    'aff_quota bigint default 0',
    'aff_history bigint default 0',
    'inviter_id bigint',
    'setting long text',
    'remark varchar(255)',
    'stripe_customer varchar(64)',
    'created_at bigint',
    'last_login_at bigint',
    'deleted_at datetime',
  ],
  tokens: [
    'id identity',
    'user_id bigint',
    'key varchar(128) unique',
    'status bigint default 1',
    'name varchar(255)',
    'created_time bigint',
    'accessed_time bigint',
    'expired_time bigint default -1',
    'remain_quota bigint default 0',
    'unlimited_quota boolean',
    'model_limits_enabled boolean',
    'model_limits varchar(1024)',
    'allow_ips varchar(255)',
    'used_quota bigint default 0',
    'group varchar(255)',
    'cross_group_retry boolean',
    'deleted_at datetime',
  ],
  channels: [
    'id identity',
    'type bigint default 0',
    'key long text not null',
    // The ORM's name for the Go field OpenAIOrganization.
    'open_ai_organization varchar(255)',
    'test_model varchar(255)',
    'status bigint default 1',
    'name varchar(255)',
    'weight bigint default 0',
    'created_time bigint',
    'test_time bigint',
    'response_time bigint',
    "base_url varchar(255) default ''",
    'other long text',
    'balance double precision',
    'balance_updated_time bigint',
    'models long text',
    "group varchar(64) default 'default'",
    'used_quota bigint default 0',
    'model_mapping long text',
    'status_code_mapping varchar(1024)',
    'priority bigint default 0',
    'auto_ban bigint default 1',
    'other_info long text',
    'tag varchar(255)',
    'setting long text',
    'param_override long text',
    'header_override long text',
    'remark varchar(255)',
    'channel_info long text',
    'settings long text',
  ],
  abilities: [
    'group varchar(64) not null',
    'model varchar(255) not null',
    'channel_id bigint not null',
    'enabled boolean',
    'priority bigint default 0',
    'weight bigint default 0',
    'tag varchar(255)',
  ],
  options: ['key varchar(255) primary key', 'value long text'],
  redemptions: [
    'id identity',
    'user_id bigint',
    'key char(32) unique',
    'status bigint default 1',
    'name varchar(255)',
    'quota bigint default 100',
    'created_time bigint',
    'redeemed_time bigint',
    'used_user_id bigint',
    'expired_time bigint',
    'deleted_at datetime',
  ],
  logs: [
    'id identity',
    'user_id bigint',
    'created_at bigint',
    'type bigint',
    'content long text',
    "username varchar(255) default ''",
    "token_name varchar(255) default ''",
    "model_name varchar(255) default ''",
    'quota bigint default 0',
    'prompt_tokens bigint default 0',
    'completion_tokens bigint default 0',
    'use_time bigint default 0',
    'is_stream boolean',
    'channel_id bigint',
    'token_id bigint default 0',
    'group varchar(255)',
    'ip varchar(255)',
    'request_id varchar(64)',
    'other long text',
  ],
  quota_data: [
    'id identity',
    'user_id bigint',
    "username varchar(64) default ''",
    "model_name varchar(64) default ''",
    'created_at bigint',
    'token_used bigint default 0',
    'count bigint default 0',
    'quota bigint default 0',
  ],
  midjourneys: [
    'id identity',
    'code bigint',
    'user_id bigint',
    'action varchar(40)',
    'mj_id varchar(191)',
    'prompt long text',
    'prompt_en long text',
    'description long text',
    'state long text',
    'submit_time bigint',
    'start_time bigint',
    'finish_time bigint',
    'image_url long text',
    'video_url long text',
    'video_urls long text',
    'status varchar(20)',
    'progress varchar(30)',
    'fail_reason long text',
    'channel_id bigint',
    'quota bigint',
    'buttons json',
    'properties json',
  ],
  tasks: [
    'id identity',
    'created_at bigint',
    'updated_at bigint',
    'task_id varchar(191)',
    'platform varchar(30)',
    'user_id bigint',
    'group varchar(50)',
    'channel_id bigint',
    'quota bigint',
    'action varchar(40)',
    'status varchar(20)',
    'fail_reason long text',
    'submit_time bigint',
    'start_time bigint',
    'finish_time bigint',
    'progress varchar(20)',
    'properties json',
    'private_data json',
    'data json',
  ],
  vendors: [
    'id identity',
    'name varchar(128)',
    'description long text',
    'icon varchar(128)',
    'status integer',
    'created_time bigint',
    'updated_time bigint',
    'deleted_at datetime',
  ],
  models: [
    'id identity',
    'model_name varchar(128)',
    'description long text',
    'icon varchar(128)',
    'tags varchar(255)',
    'vendor_id integer',
    'endpoints long text',
    'status integer',
    'sync_official integer',
    'created_time bigint',
    'updated_time bigint',
    'deleted_at datetime',
    'name_rule integer',
  ],
  prefill_groups: [
    'id identity',
    'name varchar(64)',
    'type varchar(32)',
    'items json',
    'description varchar(255)',
    'created_time bigint',
    'updated_time bigint',
    'deleted_at datetime',
  ],
};

/** Tables whose primary key is a set of columns. */
const COMPOSITE_KEYS: Record<string, string[]> = { abilities: ['group', 'model', 'channel_id'] };

function dialectType(type: string, kind: DatabaseKind) {
  switch (type) {
    case 'identity':
      return kind === 'sqlite' ? 'integer' : 'bigint';
    case 'long text':
      return kind === 'mysql' ? sql`longtext` : sql`text`;
    case 'json':
      return kind === 'sqlite' ? sql`text` : sql`json`;
    case 'datetime':
      return kind === 'postgres' ? 'timestamptz' : 'datetime';
    default:
      return sql.raw(type);
  }
}

function withConstraint(column: ColumnDefinitionBuilder, type: string, constraint: string, kind: DatabaseKind) {
  if (type === 'identity') {
    return kind === 'postgres'
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
  }
  if (constraint === 'unique') return column.unique();
  if (constraint === 'not null') return column.notNull();
  if (constraint === 'primary key') return column.primaryKey();
  if (constraint.startsWith('default ')) {
    const value = constraint.slice('default '.length);
    return column.defaultTo(value.startsWith("'") ? value.slice(1, -1) : Number(value));
  }
  return column;
}

const COLUMN_LINE = /^(\w+) (long text|double precision|\S+) ?(.*)$/;

export async function createReferenceSchema(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  for (const [table, columns] of Object.entries(REFERENCE_TABLES)) {
    let builder = db.schema.createTable(table);
    for (const line of columns) {
      const match = COLUMN_LINE.exec(line);
      if (!match) throw new Error(`${table}: cannot read the column "${line}"`);
      const [, name = '', type = '', constraint = ''] = match;
      builder = builder.addColumn(name, dialectType(type, kind), (column) =>
        withConstraint(column, type, constraint, kind),
      );
    }
    const key = COMPOSITE_KEYS[table];
    if (key) builder = builder.addPrimaryKeyConstraint(`${table}_pk`, key as never[]);
    await builder.execute();
  }
}
