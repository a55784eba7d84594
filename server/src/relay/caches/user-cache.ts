import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { UsersTable } from '../../db/tables/users';
import { toNumber } from '../../db/dialect';
import type { InvalidationBus } from '../../platform/invalidation-bus';
import { LoadedEntries } from './loaded-entries';

export interface CachedUser {
  id: number;
  username: string;
  group: string;
  role: number;
  status: number;
  deleted: boolean;
  /** Sessions issued under an older epoch are over (console password change, ban, ...). */
  sessionEpoch: number;
  /** `accept_unset_model_ratio_model` of the user's settings: unpriced models are billed at the fallback ratio. */
  acceptsUnpricedModels: boolean;
}

/** Whether the stored settings JSON accepts unpriced models (a malformed one does not). */
function acceptsUnpricedModels(setting: string): boolean {
  try {
    return (
      (JSON.parse(setting) as { accept_unset_model_ratio_model?: unknown } | null)?.accept_unset_model_ratio_model ===
      true
    );
  } catch {
    return false;
  }
}

const USER_COLUMNS = ['id', 'username', 'group', 'role', 'status', 'deleted_at', 'session_epoch', 'setting'] as const;

const toCachedUser = (row: Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>): CachedUser => ({
  id: toNumber(row.id),
  username: row.username,
  group: row.group,
  role: row.role,
  status: row.status,
  deleted: row.deleted_at !== null,
  sessionEpoch: toNumber(row.session_epoch),
  acceptsUnpricedModels: acceptsUnpricedModels(row.setting),
});

const MAX_ENTRIES = 100_000;

/**
 * What the relay needs of a user (status, role, group), from memory; changes made in the console
 * arrive on the `users` topic (message: the user id) and drop the entry, so a ban applies at once.
 */
export class UserCache {
  private readonly entries = new LoadedEntries((id: number) => this.load(id), MAX_ENTRIES);

  constructor(
    private readonly database: Database,
    bus: InvalidationBus,
  ) {
    bus.onUserChanged((id) => {
      this.entries.delete(id);
    });
  }

  get(id: number): CachedUser | Promise<CachedUser | null> {
    return this.entries.inMemory(id) ?? this.entries.read(id);
  }

  private load(id: number): Promise<CachedUser | null> {
    return this.database.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => (row ? toCachedUser(row) : null));
  }
}
