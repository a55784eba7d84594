import { TokenStatus } from '@switchboard/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Queries } from '../../db/database';
import { containsIgnoringCase, nowSeconds, toBoolean, toNumber } from '../../db/dialect';
import type { TokensTable } from '../../db/tables/tokens';
import { countOf, newestFirst, updatedOne } from '../../db/table-queries';

/** A token row with numbers and booleans normalised across drivers. */
export interface TokenRecord {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  used_quota: number;
  group: string;
  rpm_limit: number;
  tpm_limit: number;
}

export interface TokenFilter {
  /** part of the name, any case */
  name?: string;
  /** part of the key (stored form, without sk-) */
  key?: string;
}

function normalise(row: Selectable<TokensTable>): TokenRecord {
  return {
    id: toNumber(row.id),
    user_id: toNumber(row.user_id),
    key: row.key,
    status: toNumber(row.status),
    name: row.name,
    created_time: toNumber(row.created_time),
    accessed_time: toNumber(row.accessed_time),
    expired_time: toNumber(row.expired_time),
    remain_quota: toNumber(row.remain_quota),
    unlimited_quota: toBoolean(row.unlimited_quota),
    model_limits_enabled: toBoolean(row.model_limits_enabled),
    model_limits: row.model_limits,
    allow_ips: row.allow_ips,
    used_quota: toNumber(row.used_quota),
    group: row.group,
    rpm_limit: toNumber(row.rpm_limit),
    tpm_limit: toNumber(row.tpm_limit),
  };
}

/** Tokens of one owner: every query is scoped to `userId` and skips deleted rows. */
export class TokenRepository {
  constructor(private readonly database: Queries) {}

  private owned(userId: number) {
    return this.database.db.selectFrom('tokens').where('user_id', '=', userId).where('deleted_at', 'is', null);
  }

  private filtered(userId: number, filter: TokenFilter) {
    let query = this.owned(userId);
    if (filter.name) query = query.where(containsIgnoringCase(this.database.kind, 'name', filter.name));
    if (filter.key) query = query.where(containsIgnoringCase(this.database.kind, 'key', filter.key));
    return query;
  }

  count(userId: number, filter: TokenFilter = {}): Promise<number> {
    return countOf(this.filtered(userId, filter));
  }

  /** Newest first. */
  async page(userId: number, filter: TokenFilter, offset: number, limit: number): Promise<TokenRecord[]> {
    const rows = await newestFirst(this.filtered(userId, filter), offset, limit);
    return rows.map(normalise);
  }

  async find(userId: number, id: number): Promise<TokenRecord | undefined> {
    const row = await this.owned(userId).selectAll().where('id', '=', id).executeTakeFirst();
    return row && normalise(row);
  }

  /** The keys of those of `ids` the user owns (others are simply missing). */
  async keysOf(userId: number, ids: number[]): Promise<Array<{ id: number; key: string }>> {
    if (ids.length === 0) return [];
    const rows = await this.owned(userId).select(['id', 'key']).where('id', 'in', ids).execute();
    return rows.map((row) => ({ id: toNumber(row.id), key: row.key }));
  }

  /** Which of `keys` are taken, by anyone, deleted tokens included (the column is unique). */
  async takenKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.database.db.selectFrom('tokens').select('key').where('key', 'in', keys).execute();
    return new Set(rows.map((row) => row.key));
  }

  /** Inserts every row in one statement: all of them or none. */
  async insertAll(rows: Array<Insertable<TokensTable>>): Promise<void> {
    await this.database.db.insertInto('tokens').values(rows).execute();
  }

  async findByKeys(userId: number, keys: string[]): Promise<TokenRecord[]> {
    if (keys.length === 0) return [];
    const rows = await this.owned(userId).selectAll().where('key', 'in', keys).orderBy('id', 'asc').execute();
    return rows.map(normalise);
  }

  async update(userId: number, id: number, values: Updateable<TokensTable>): Promise<void> {
    await this.database.db
      .updateTable('tokens')
      .set(values)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Marks the token deleted and disabled, so that no reader can still take it for a live one. */
  async softDelete(userId: number, id: number): Promise<boolean> {
    return updatedOne(
      this.database.db
        .updateTable('tokens')
        .set({ deleted_at: nowSeconds(), status: TokenStatus.Disabled })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null),
    );
  }
}
