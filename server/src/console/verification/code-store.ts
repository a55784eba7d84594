import { createHash, randomBytes } from 'node:crypto';
import type { Queries } from '../../db/database';
import { nowSeconds, toNumber } from '../../db/dialect';

export type CodePurpose = 'verify' | 'reset' | 'oauth';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A fresh secret: `hex` characters of crypto-random hex. */
export const randomHex = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);

/**
 * One-time secrets in the database, so every instance agrees: only a hash is stored, each works
 * once (a conditional UPDATE claims it) and only until it expires.
 */
export class CodeStore {
  constructor(private readonly database: Queries) {}

  async issue(purpose: CodePurpose, subject: string, secret: string, ttlSeconds: number, payload = ''): Promise<void> {
    const now = nowSeconds();
    await this.database.db.deleteFrom('account_codes').where('expires_at', '<', now).execute();
    await this.database.db
      .insertInto('account_codes')
      .values({ purpose, subject, secret_hash: hashOf(secret), payload, created_at: now, expires_at: now + ttlSeconds })
      .execute();
  }

  /** How many secrets of this purpose were issued for `subject` in the last `seconds`. */
  async issuedSince(purpose: CodePurpose, subject: string, seconds: number): Promise<number> {
    const row = await this.database.db
      .selectFrom('account_codes')
      .select((select) => select.fn.countAll().as('count'))
      .where('purpose', '=', purpose)
      .where('subject', '=', subject)
      .where('created_at', '>', nowSeconds() - seconds)
      .executeTakeFirstOrThrow();
    return toNumber(row.count);
  }

  /** Claims a live, unused secret; answers its payload, or null when it is wrong, used or expired. */
  async consume(purpose: CodePurpose, subject: string, secret: string): Promise<string | null> {
    if (!secret) return null;
    const match = this.database.db
      .selectFrom('account_codes')
      .select(['id', 'payload'])
      .where('purpose', '=', purpose)
      .where('subject', '=', subject)
      .where('secret_hash', '=', hashOf(secret))
      .where('used', '=', 0)
      .where('expires_at', '>=', nowSeconds());
    const row = await match.executeTakeFirst();
    if (!row) return null;
    const claimed = await this.database.db
      .updateTable('account_codes')
      .set({ used: 1 })
      .where('id', '=', toNumber(row.id))
      .where('used', '=', 0)
      .executeTakeFirst();
    return claimed.numUpdatedRows === 1n ? row.payload : null;
  }
}
