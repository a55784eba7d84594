import type { Database } from '../../db/database';
import { toNumber } from '../../db/dialect';
import type { InvalidationBus } from '../../platform/invalidation-bus';

export interface CachedUser {
  id: number;
  username: string;
  group: string;
  role: number;
  status: number;
  deleted: boolean;
}

const MAX_ENTRIES = 100_000;

/**
 * What the relay needs of a user (status, role, group), from memory; changes made in the console
 * arrive on the `users` topic (message: the user id) and drop the entry, so a ban applies at once.
 */
export class UserCache {
  private readonly entries = new Map<number, CachedUser>();
  private readonly loading = new Map<number, Promise<CachedUser | null>>();

  constructor(
    private readonly database: Database,
    bus: InvalidationBus,
  ) {
    bus.subscribe('users', (id) => {
      this.entries.delete(Number(id));
    });
  }

  get(id: number): CachedUser | Promise<CachedUser | null> {
    return this.entries.get(id) ?? this.loading.get(id) ?? this.load(id);
  }

  private load(id: number): Promise<CachedUser | null> {
    const promise = this.database.db
      .selectFrom('users')
      .select(['id', 'username', 'group', 'role', 'status', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        if (!row) return null;
        const user: CachedUser = {
          id: toNumber(row.id),
          username: row.username,
          group: row.group,
          role: row.role,
          status: row.status,
          deleted: row.deleted_at !== null,
        };
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(id, user);
        return user;
      })
      .finally(() => this.loading.delete(id));
    this.loading.set(id, promise);
    return promise;
  }
}
