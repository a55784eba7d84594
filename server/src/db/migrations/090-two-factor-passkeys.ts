import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, longText, tableOptions } from '../dialect';

/**
 * Issue 35: `two_fas` (one TOTP factor per user), `two_fa_backup_codes` (hashed single-use codes),
 * `passkey_credentials` (one passkey per user) and `auth_flows` (pending sign-ins and WebAuthn
 * ceremonies, consumed once, shared by every instance and worker).
 */
export function twoFactorAndPasskeyTables(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('two_fas')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', idType(kind), (column) => column.notNull().unique())
        .addColumn('secret', 'varchar(64)', (column) => column.notNull())
        .addColumn('is_enabled', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('failed_attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('last_used_step', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('last_used_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('updated_at', 'bigint', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createTable('two_fa_backup_codes')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', idType(kind), (column) => column.notNull())
        .addColumn('code_hash', 'varchar(255)', (column) => column.notNull())
        .addColumn('is_used', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_two_fa_backup_codes_user').on('two_fa_backup_codes').column('user_id').execute();
      await db.schema
        .createTable('passkey_credentials')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', idType(kind), (column) => column.notNull().unique())
        .addColumn('credential_id', 'varchar(512)', (column) => column.notNull().unique())
        .addColumn('public_key', longText(kind), (column) => column.notNull())
        .addColumn('attestation_type', 'varchar(32)', (column) => column.notNull().defaultTo(''))
        .addColumn('aaguid', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('sign_count', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('clone_warning', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('user_present', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('user_verified', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('backup_eligible', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('backup_state', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('transports', 'varchar(255)', (column) => column.notNull().defaultTo('[]'))
        .addColumn('attachment', 'varchar(32)', (column) => column.notNull().defaultTo(''))
        .addColumn('last_used_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('updated_at', 'bigint', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createTable('auth_flows')
        .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('purpose', 'varchar(32)', (column) => column.notNull())
        .addColumn('user_id', idType(kind), (column) => column.notNull().defaultTo(0))
        .addColumn('session_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('epoch', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('payload', longText(kind), (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('consumed', 'integer', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_auth_flows_expires_at').on('auth_flows').column('expires_at').execute();
    },
  };
}
