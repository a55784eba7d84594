import type { Expression, SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { containsIgnoringCase, nowSeconds } from '../../db/dialect';
import { normaliseUserRow, UserRepository, type UserRow } from '../user/repository';
import { countOf, newestFirst, updatedOne } from '../../db/table-queries';

export interface UserFilter {
  /** matches the id exactly, or part of username, display name or email (any case) */
  keyword?: string;
  /** exact group name */
  group?: string;
}

/** Users as administrators see them: every user, deregistered ones included. */
export class UserAdminRepository extends UserRepository {
  constructor(private readonly store: Database) {
    super(store);
  }

  private filtered(filter: UserFilter) {
    let query = this.store.db.selectFrom('users');
    const keyword = filter.keyword?.trim() ?? '';
    if (keyword !== '') {
      const kind = this.store.kind;
      query = query.where((where) => {
        const matches: Expression<SqlBool>[] = ['username', 'display_name', 'email'].map((column) =>
          containsIgnoringCase(kind, column, keyword),
        );
        if (/^\d{1,15}$/.test(keyword)) matches.push(where('id', '=', Number(keyword)));
        return where.or(matches);
      });
    }
    if (filter.group) query = query.where('group', '=', filter.group);
    return query;
  }

  countMatching(filter: UserFilter): Promise<number> {
    return countOf(this.filtered(filter));
  }

  /** Newest first. */
  async page(filter: UserFilter, offset: number, limit: number): Promise<UserRow[]> {
    const rows = await newestFirst(this.filtered(filter), offset, limit);
    return rows.map(normaliseUserRow);
  }

  /** Marks the user deregistered; answers false when they already were. */
  async softDelete(id: number): Promise<boolean> {
    return updatedOne(
      this.store.db
        .updateTable('users')
        .set({ deleted_at: nowSeconds() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null),
    );
  }
}
