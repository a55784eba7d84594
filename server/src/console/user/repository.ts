import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { insertReturningId, toNumber } from '../../db/dialect';
import type { UsersTable } from '../../db/tables/users';

export type UserRow = Selectable<UsersTable>;

/** Normalises driver differences (bigint as string, etc.) once, at the boundary. */
function normalise(row: UserRow): UserRow {
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
  };
}

export class UserRepository {
  constructor(private readonly database: Database) {}

  async findById(id: number): Promise<UserRow | undefined> {
    const row = await this.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && normalise(row);
  }

  /** A live (not deregistered) user by username, or by email when the login text is one. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const row = await this.database.db
      .selectFrom('users')
      .selectAll()
      .where((where) => where.or([where('username', '=', login), where.and([where('email', '=', login), where('email', '!=', '')])]))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && normalise(row);
  }

  async findByAccessToken(accessToken: string): Promise<UserRow | undefined> {
    const row = await this.database.db
      .selectFrom('users')
      .selectAll()
      .where('access_token', '=', accessToken)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && normalise(row);
  }

  async count(): Promise<number> {
    const row = await this.database.db
      .selectFrom('users')
      .select((select) => select.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return toNumber(row.count);
  }

  insert(values: Insertable<UsersTable>): Promise<number> {
    return insertReturningId(this.database.db, this.database.kind, 'users', values);
  }

  async update(id: number, values: Updateable<UsersTable>): Promise<void> {
    await this.database.db.updateTable('users').set(values).where('id', '=', id).execute();
  }
}
