import type { Selectable } from 'kysely';
import type { Queries } from '../../db/database';
import { nowSeconds, sql, toNumber, withNumbers } from '../../db/dialect';
import type { TwoFasTable } from '../../db/tables/two-factor';
import { updatedOne, updateMatching } from '../../db/table-queries';

export type TwoFactorRow = Selectable<TwoFasTable>;

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_SECONDS = 300;

const normalise = (row: TwoFactorRow): TwoFactorRow =>
  withNumbers(row, [
    'id',
    'user_id',
    'is_enabled',
    'failed_attempts',
    'locked_until',
    'last_used_step',
    'last_used_at',
  ]);

/**
 * The factor and its backup codes. Every change that decides a check (a step used, a code used, a
 * failure counted) is one conditional UPDATE, so instances and workers sharing the database agree.
 */
export class TwoFactorRepository {
  constructor(private readonly database: Queries) {}

  private get db() {
    return this.database.db;
  }

  async find(userId: number): Promise<TwoFactorRow | undefined> {
    const row = await this.db.selectFrom('two_fas').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && normalise(row);
  }

  /** Replaces a pending (not enabled) factor and its codes with a new secret and codes. */
  async replacePending(userId: number, secret: string, codeHashes: string[]): Promise<void> {
    const now = nowSeconds();
    await this.db.transaction().execute(async (transaction) => {
      await transaction.deleteFrom('two_fas').where('user_id', '=', userId).where('is_enabled', '=', 0).execute();
      await transaction.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute();
      await transaction
        .insertInto('two_fas')
        .values({ user_id: userId, secret, created_at: now, updated_at: now })
        .execute();
      await transaction
        .insertInto('two_fa_backup_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
    });
  }

  /** Accepts the code of `step`, once: false when this or a later step was already used, or the factor is locked. */
  async claimStep(userId: number, step: number, enabling = false): Promise<boolean> {
    const now = nowSeconds();
    return updatedOne(
      this.db
        .updateTable('two_fas')
        .set({
          last_used_step: step,
          failed_attempts: 0,
          last_used_at: now,
          updated_at: now,
          ...(enabling ? { is_enabled: 1 } : {}),
        })
        .where('user_id', '=', userId)
        .where('last_used_step', '<', step)
        .where('locked_until', '<=', now)
        .where('is_enabled', '=', enabling ? 0 : 1),
    );
  }

  /** Counts a failure; the fifth in a row locks the factor for five minutes (and starts the count again). */
  async recordFailure(userId: number): Promise<void> {
    const now = nowSeconds();
    await this.db
      .updateTable('two_fas')
      .set({ failed_attempts: sql`failed_attempts + 1`, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
    await this.db
      .updateTable('two_fas')
      .set({ failed_attempts: 0, locked_until: now + LOCK_SECONDS })
      .where('user_id', '=', userId)
      .where('failed_attempts', '>=', MAX_FAILED_ATTEMPTS)
      .execute();
  }

  async resetFailures(userId: number): Promise<void> {
    const now = nowSeconds();
    await this.db
      .updateTable('two_fas')
      .set({ failed_attempts: 0, last_used_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  async unusedCodes(userId: number): Promise<{ id: number; code_hash: string }[]> {
    const rows = await this.db
      .selectFrom('two_fa_backup_codes')
      .select(['id', 'code_hash'])
      .where('user_id', '=', userId)
      .where('is_used', '=', 0)
      .execute();
    return rows.map((row) => ({ id: toNumber(row.id), code_hash: row.code_hash }));
  }

  /** Marks a backup code used, once: false when another request used it first. */
  async useCode(id: number): Promise<boolean> {
    return updateMatching(this.db, 'two_fa_backup_codes', { id, is_used: 0 }, { is_used: 1, used_at: nowSeconds() });
  }

  async replaceCodes(userId: number, codeHashes: string[]): Promise<void> {
    const now = nowSeconds();
    await this.db.transaction().execute(async (transaction) => {
      await transaction.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute();
      await transaction
        .insertInto('two_fa_backup_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
        .execute();
    });
  }

  /** Removes the factor and its codes; answers whether an enabled factor was there. */
  async remove(userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (transaction) => {
      const result = await transaction.deleteFrom('two_fas').where('user_id', '=', userId).executeTakeFirst();
      await transaction.deleteFrom('two_fa_backup_codes').where('user_id', '=', userId).execute();
      return Number(result.numDeletedRows) > 0;
    });
  }

  async remainingCodes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('two_fa_backup_codes')
      .select((select) => select.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .where('is_used', '=', 0)
      .executeTakeFirstOrThrow();
    return toNumber(row.count);
  }

  async enabledCount(): Promise<number> {
    const row = await this.db
      .selectFrom('two_fas')
      .select((select) => select.fn.countAll().as('count'))
      .where('is_enabled', '=', 1)
      .executeTakeFirstOrThrow();
    return toNumber(row.count);
  }
}
