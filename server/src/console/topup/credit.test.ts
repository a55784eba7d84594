import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context';
import { loadConfig } from '../../config';
import { LocalBilling } from '../../ledger/local-billing';
import { balancesInDatabase, seedBalances } from '../../testing/balance-authorities';
import { temporaryFolders } from '../../testing/temporary-folders';
import { migratedDatabaseForTests } from '../../testing/test-databases';
import { creditTopUp } from './credit';

/** The parts of the app a credit uses, over a real journal; the cache notification never completes (the process dies first). */
const contextOf = (billing: LocalBilling) =>
  ({
    balances: billing.balances,
    journal: billing.journal,
    logs: billing.logs,
    writeBehind: billing.writeBehind,
    bus: { userChanged: () => new Promise<void>(() => undefined) },
  }) as unknown as AppContext;

describe('a top-up credit', () => {
  const newFolder = temporaryFolders('credit');
  const migrated = migratedDatabaseForTests('sqlite');

  it('is journaled with its log row: a crash right after it keeps both, never the credit alone', async () => {
    const config = loadConfig({
      SQLITE_PATH: migrated.testDatabase.sqlitePath,
      JOURNAL_DIR: newFolder(),
      BILLING_JOURNAL: 'write',
      WORKERS: '1',
    });
    const ids = await seedBalances(migrated.database, 100, 100);
    const billing = await LocalBilling.open(config, migrated.database, null);
    void creditTopUp(contextOf(billing), { id: ids.userId, username: 'payer' }, 500, 'paid 500');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await billing.journal?.durable();
    // The process dies here, before the batch reaches the database.
    billing.abandon();

    const restarted = await LocalBilling.open(config, migrated.database, null);
    expect(restarted.replayed).toBe(2);
    expect(await balancesInDatabase(migrated.database, ids)).toEqual({ user: 600, token: 100 });
    const rows = await migrated.database.db
      .selectFrom('logs')
      .select(['type', 'content', 'username'])
      .where('user_id', '=', ids.userId)
      .execute();
    expect(rows).toEqual([{ type: 1, content: 'paid 500', username: 'payer' }]);
    await restarted.close();
  });
});
