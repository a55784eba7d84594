import type { Insertable, Selectable } from 'kysely';
import type { Queries } from '../../db/database';
import { nowSeconds, withNumbers } from '../../db/dialect';
import type { PasskeyCredentialsTable } from '../../db/tables/two-factor';

export type PasskeyRow = Selectable<PasskeyCredentialsTable>;

const normalise = (row: PasskeyRow): PasskeyRow => withNumbers(row, ['id', 'user_id', 'sign_count', 'last_used_at']);

/** One passkey per user (the column is unique). */
export class PasskeyRepository {
  constructor(private readonly database: Queries) {}

  ofUser(userId: number): Promise<PasskeyRow | undefined> {
    return this.findBy('user_id', userId);
  }

  byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.findBy('credential_id', credentialId);
  }

  /** Stores the user's passkey in place of any earlier one. */
  async replace(values: Insertable<PasskeyCredentialsTable>): Promise<void> {
    await this.database.db.transaction().execute(async (transaction) => {
      await transaction.deleteFrom('passkey_credentials').where('user_id', '=', values.user_id).execute();
      await transaction.insertInto('passkey_credentials').values(values).execute();
    });
  }

  /** After a sign-in: the counter only moves forward, so a cloned authenticator's older count is noticed. */
  async recordUse(
    id: number,
    signCount: number,
    flags: { user_verified: number; backup_state: number; clone_warning: number },
  ): Promise<void> {
    const now = nowSeconds();
    await this.database.db
      .updateTable('passkey_credentials')
      .set({ sign_count: signCount, last_used_at: now, updated_at: now, ...flags })
      .where('id', '=', id)
      .execute();
  }

  async remove(userId: number): Promise<boolean> {
    const result = await this.database.db
      .deleteFrom('passkey_credentials')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private async findBy(column: 'user_id' | 'credential_id', value: number | string): Promise<PasskeyRow | undefined> {
    const row = await this.database.db
      .selectFrom('passkey_credentials')
      .selectAll()
      .where(column, '=', value)
      .executeTakeFirst();
    return row && normalise(row);
  }
}
