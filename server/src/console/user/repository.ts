import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Queries } from '../../db/database';
import { insertReturningId, sql, toNumber } from '../../db/dialect';
import type { UsersTable } from '../../db/tables/users';
import { anyMatch, countOf, updateById, valueById } from '../../db/table-queries';
import type { LogEntry } from '../../ledger/index';

export type UserRow = Selectable<UsersTable>;

/** A log row written with a new user, about that user (whose id the insert gives). */
export type NewUserLog = Omit<LogEntry, 'user_id'>;

/** What an invited user's registration gives the inviter: pending invite earnings, and the log row of any reward. */
export interface InviterReward {
  inviterId: number;
  amount: number;
  log: LogEntry | null;
}

/** The columns that hold a third-party account id. */
export type BindingColumn = 'github_id' | 'wechat_id' | 'telegram_id' | 'linux_do_id' | 'oidc_id' | 'email';

/** Normalises driver differences (bigint as string, etc.) once, at the boundary. */
export function normaliseUserRow(row: UserRow): UserRow {
  return {
    ...row,
    id: toNumber(row.id),
    quota: toNumber(row.quota),
    used_quota: toNumber(row.used_quota),
    request_count: toNumber(row.request_count),
    aff_quota: toNumber(row.aff_quota),
    aff_history_quota: toNumber(row.aff_history_quota),
    inviter_id: toNumber(row.inviter_id),
    created_at: toNumber(row.created_at),
    deleted_at: row.deleted_at === null ? null : toNumber(row.deleted_at),
    session_epoch: toNumber(row.session_epoch),
  };
}

export class UserRepository {
  constructor(private readonly database: Queries) {}

  async findById(id: number): Promise<UserRow | undefined> {
    const row = await this.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && normaliseUserRow(row);
  }

  /** A live (not deregistered) user by username, or by email when the login text is one. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const row = await this.database.db
      .selectFrom('users')
      .selectAll()
      .where((where) =>
        where.or([where('username', '=', login), where.and([where('email', '=', login), where('email', '!=', '')])]),
      )
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && normaliseUserRow(row);
  }

  findByAccessToken(accessToken: string): Promise<UserRow | undefined> {
    return this.liveBy('access_token', accessToken);
  }

  findByAffCode(affCode: string): Promise<UserRow | undefined> {
    return this.liveBy('aff_code', affCode);
  }

  /** The live user bound to a third-party account (`github_id`, `wechat_id`, …). */
  async findByBinding(column: BindingColumn, value: string): Promise<UserRow | undefined> {
    return value ? this.liveBy(column, value) : undefined;
  }

  /** The live (not deregistered) user whose column holds the value. */
  private async liveBy(
    column: BindingColumn | 'access_token' | 'aff_code',
    value: string,
  ): Promise<UserRow | undefined> {
    const row = await this.database.db
      .selectFrom('users')
      .selectAll()
      .where(column, '=', value)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && normaliseUserRow(row);
  }

  /** Whether any account other than `exceptId`, deregistered ones included, holds the name (the column is unique). */
  async usernameTaken(username: string, exceptId = 0): Promise<boolean> {
    return anyMatch(this.database.db.selectFrom('users').where('username', '=', username).where('id', '!=', exceptId));
  }

  /** Gives a user without an invite code a fresh unique one; answers the code it ends up with. */
  async assignAffCode(id: number, generate: () => string): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const current = await valueById(this.database.db, 'users', id, 'aff_code');
      if (current) return current;
      const code = generate();
      if (await this.findByAffCode(code)) continue;
      try {
        await this.database.db
          .updateTable('users')
          .set({ aff_code: code })
          .where('id', '=', id)
          .where('aff_code', 'is', null)
          .execute();
      } catch {
        // Another user took the same code between the check and the write: draw again.
      }
    }
    throw new Error(`could not assign an invite code to user ${id}`);
  }

  async maxId(): Promise<number> {
    const row = await this.database.db
      .selectFrom('users')
      .select((select) => select.fn.max('id').as('id'))
      .executeTakeFirst();
    return toNumber(row?.id);
  }

  count(): Promise<number> {
    return countOf(this.database.db.selectFrom('users'));
  }

  insert(values: Insertable<UsersTable>): Promise<number> {
    return insertReturningId(this.database.db, this.database.kind, 'users', values);
  }

  /**
   * Adds a user with the log rows of the quota its row starts with and, for an invited one, the
   * inviter's reward (invite earnings, one more invitee) with its log row, in one transaction: a
   * crash keeps all of it or none, so no quota is ever without its record nor a registration without
   * its reward.
   */
  insertWithLogs(values: Insertable<UsersTable>, logs: NewUserLog[], inviter?: InviterReward): Promise<number> {
    return this.database.db.transaction().execute(async (transaction) => {
      const id = await insertReturningId(transaction, this.database.kind, 'users', values);
      const rows: LogEntry[] = logs.map((log) => ({ ...log, user_id: id }));
      if (inviter) {
        await transaction
          .updateTable('users')
          .set({
            aff_quota: sql`aff_quota + ${inviter.amount}`,
            aff_history_quota: sql`aff_history_quota + ${inviter.amount}`,
            aff_count: sql`aff_count + 1`,
          })
          .where('id', '=', inviter.inviterId)
          .execute();
        if (inviter.log) rows.push(inviter.log);
      }
      if (rows.length > 0) await transaction.insertInto('logs').values(rows).execute();
      return id;
    });
  }

  update(id: number, values: Updateable<UsersTable>): Promise<void> {
    return updateById(this.database.db, 'users', id, values);
  }

  /** Ends every session of the user issued so far (additive, so concurrent ends never cancel out); answers the new epoch. */
  async endSessions(id: number): Promise<number> {
    await this.database.db
      .updateTable('users')
      .set({ session_epoch: sql`session_epoch + 1` })
      .where('id', '=', id)
      .execute();
    return this.sessionEpochOf(id);
  }

  /**
   * After a password change or reset: every session ends and the system access token is dropped, so
   * whoever held the old password (and could read the token) is out; the user makes a new token.
   */
  async endSessionsAndAccessToken(id: number): Promise<number> {
    await this.database.db
      .updateTable('users')
      .set({ session_epoch: sql`session_epoch + 1`, access_token: null })
      .where('id', '=', id)
      .execute();
    return this.sessionEpochOf(id);
  }

  async sessionEpochOf(id: number): Promise<number> {
    return toNumber(await valueById(this.database.db, 'users', id, 'session_epoch'));
  }
}
