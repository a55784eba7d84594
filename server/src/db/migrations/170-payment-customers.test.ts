import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../../config';
import { availableDatabaseKinds, createTestDatabase, type TestDatabase } from '../../testing/test-databases';
import { openDatabase, type Database } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

const kinds = await availableDatabaseKinds();

describe.each(kinds)('the payment compliance gate of an upgraded installation on %s', (kind: DatabaseKind) => {
  const opened: Array<{ testDatabase: TestDatabase; database: Database }> = [];
  afterEach(async () => {
    for (const { testDatabase, database } of opened.splice(0)) {
      await database.close();
      await testDatabase.drop();
    }
  });

  /** A database as the release before the gate left it. */
  const beforeTheGate = async () => {
    const testDatabase = await createTestDatabase(kind);
    const database = openDatabase(testDatabase.settings);
    opened.push({ testDatabase, database });
    const older = Object.fromEntries(Object.entries(migrations(kind)).filter(([name]) => name < '170'));
    const { error } = await new Migrator({
      db: database.db,
      provider: { getMigrations: async () => older },
    }).migrateToLatest();
    if (error) throw error;
    return database;
  };
  const confirmed = async (database: Database) =>
    (
      await database.db
        .selectFrom('options')
        .select('value')
        .where('key', '=', 'payment_setting.compliance_confirmed')
        .executeTakeFirst()
    )?.value ?? null;

  it('counts as confirmed when it already took cards, so the upgrade does not stop its sales', async () => {
    const database = await beforeTheGate();
    await database.db.insertInto('options').values({ key: 'StripeApiSecret', value: 'sk_live_existing' }).execute();
    await migrateToLatest(database);
    expect(await confirmed(database)).toBe('true');
  });

  it('waits for root when it sold nothing online before', async () => {
    const database = await beforeTheGate();
    await migrateToLatest(database);
    expect(await confirmed(database)).toBeNull();
  });
});
