import type { BlockList } from 'node:net';
import { splitModelLimits } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { TokensTable } from '../../db/tables/tokens';
import { toBoolean, toNumber } from '../../db/dialect';
import type { InvalidationBus } from '../../platform/invalidation-bus';
import { parseAllowList } from './ip-allow-list';
import { LoadedEntries } from './loaded-entries';

export interface CachedToken {
  id: number;
  userId: number;
  key: string;
  name: string;
  status: number;
  /** unix seconds, -1 never */
  expiredTime: number;
  unlimited: boolean;
  modelLimits: Set<string> | null;
  allowList: BlockList | null;
  group: string;
  /** requests per minute, 0 none */
  rpmLimit: number;
  /** billed tokens per minute, 0 none */
  tpmLimit: number;
}

const toCachedToken = (row: Selectable<TokensTable>): CachedToken => ({
  id: toNumber(row.id),
  userId: toNumber(row.user_id),
  key: row.key,
  name: row.name,
  status: row.status,
  expiredTime: toNumber(row.expired_time),
  unlimited: toBoolean(row.unlimited_quota),
  modelLimits: toBoolean(row.model_limits_enabled) ? new Set(splitModelLimits(row.model_limits)) : null,
  allowList: parseAllowList(row.allow_ips),
  group: row.group,
  rpmLimit: toNumber(row.rpm_limit),
  tpmLimit: toNumber(row.tpm_limit),
});

const MAX_ENTRIES = 100_000;
const MISSING_TTL_MS = 10_000;

/**
 * Tokens by key, read from the database once and then from memory; the console's changes arrive on
 * the `tokens` topic (message: the key) and drop the entry. Unknown keys are remembered briefly so a
 * client retrying a bad key does not reach the database each time.
 */
export class TokenCache {
  private readonly entries = new LoadedEntries((key: string) => this.load(key), MAX_ENTRIES, MISSING_TTL_MS);

  constructor(
    private readonly database: Database,
    bus: InvalidationBus,
  ) {
    bus.onTokenChanged((key) => this.entries.delete(key));
  }

  get(key: string): CachedToken | null | Promise<CachedToken | null> {
    const known = this.entries.inMemory(key);
    return known === undefined ? this.entries.read(key) : known;
  }

  private load(key: string): Promise<CachedToken | null> {
    return this.database.db
      .selectFrom('tokens')
      .selectAll()
      .where('key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
      .then((row) => (row ? toCachedToken(row) : null));
  }
}
