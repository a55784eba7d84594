import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { LocalBus } from '../platform/invalidation-bus';
import { OptionStore } from '../platform/option-store';
import { availableDatabaseKinds, migratedDatabaseForTests } from '../testing/test-databases';
import { containsIgnoringCase, insertReturningId, nowSeconds, toNumber, upsert } from './dialect';
import { migrateToLatest } from './migrate';

const kinds = await availableDatabaseKinds();

describe.each(kinds)('store on %s', (kind: DatabaseKind) => {
  const migrated = migratedDatabaseForTests(kind);

  // Migrating a migrated database again changes nothing.
  beforeAll(() => migrateToLatest(migrated.database));

  const newUser = (username: string, quota = 0) => ({
    username,
    password: 'x',
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
    quota,
  });

  it('returns the new id and reads bigint quota back as an exact number', async () => {
    const big = 2 ** 52 + 7;
    const id = await insertReturningId(migrated.database.db, kind, 'users', newUser('alice', big));
    expect(id).toBeGreaterThan(0);
    const row = await migrated.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(toNumber(row.quota)).toBe(big);
    expect(row.group).toBe('default');
    expect(row.deleted_at).toBeNull();
  });

  it('keeps usernames unique, comparing them exactly as every dialect does', async () => {
    await expect(insertReturningId(migrated.database.db, kind, 'users', newUser('alice'))).rejects.toThrow();
    const id = await insertReturningId(migrated.database.db, kind, 'users', newUser('Alice'));
    const found = await migrated.database.db.selectFrom('users').select('id').where('username', '=', 'Alice').execute();
    expect(found).toEqual([{ id }]);
    await migrated.database.db.deleteFrom('users').where('id', '=', id).execute();
  });

  it.each([
    { title: 'treats LIKE wildcards in a search as literal text', needle: '%', found: [] },
    { title: 'matches LIKE without regard to case', needle: 'ALI', found: ['alice'] },
  ])('$title', async ({ needle, found }) => {
    const rows = await migrated.database.db
      .selectFrom('users')
      .select('username')
      .where(containsIgnoringCase(kind, 'username', needle))
      .execute();
    expect(rows.map((row) => row.username)).toEqual(found);
  });

  it('upserts options by key', async () => {
    await upsert(migrated.database.db, kind, 'options', { key: 'SystemName', value: 'One' }, ['key'], { value: 'One' });
    await upsert(migrated.database.db, kind, 'options', { key: 'SystemName', value: 'Two' }, ['key'], { value: 'Two' });
    const rows = await migrated.database.db.selectFrom('options').selectAll().where('key', '=', 'SystemName').execute();
    expect(rows).toEqual([{ key: 'SystemName', value: 'Two' }]);
  });

  it('sums bigint columns into numbers', async () => {
    await insertReturningId(migrated.database.db, kind, 'users', newUser('bob', 5));
    const row = await migrated.database.db
      .selectFrom('users')
      .select((select) => select.fn.sum<number>('quota').as('total'))
      .where('username', 'in', ['bob'])
      .executeTakeFirstOrThrow();
    expect(toNumber(row.total)).toBe(5);
  });

  it('debits a balance atomically: 50 concurrent debits of 3 from 100 leave 1, never below zero', async () => {
    const id = await insertReturningId(migrated.database.db, kind, 'users', newUser('carol', 100));
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        migrated.database.db
          .updateTable('users')
          .set((set) => ({ quota: set.eb('quota', '-', 3) }))
          .where('id', '=', id)
          .where('quota', '>=', 3)
          .executeTakeFirst(),
      ),
    );
    const succeeded = attempts.filter((result) => Number(result.numUpdatedRows) === 1).length;
    const row = await migrated.database.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(succeeded).toBe(33);
    expect(toNumber(row.quota)).toBe(1);
  });

  it('keeps one ability row per group, model and channel', async () => {
    const ability = { group: 'default', model: 'gpt-4o', channel_id: 1, enabled: 1, priority: 0, weight: 0, tag: null };
    await migrated.database.db.insertInto('abilities').values(ability).execute();
    await expect(migrated.database.db.insertInto('abilities').values(ability).execute()).rejects.toThrow();
  });

  it('loads saved options over the defaults and applies a save at once', async () => {
    const store = new OptionStore(migrated.database.db, kind, new LocalBus());
    await store.load();
    expect(store.string('SystemName')).toBe('Two');
    expect(store.number('Price')).toBe(7.3);
    expect(store.boolean('PasswordLoginEnabled')).toBe(true);
    await store.save('PasswordLoginEnabled', 'false');
    expect(store.boolean('PasswordLoginEnabled')).toBe(false);
    const reloaded = new OptionStore(migrated.database.db, kind, new LocalBus());
    await reloaded.load();
    expect(reloaded.boolean('PasswordLoginEnabled')).toBe(false);
    expect(reloaded.json<Record<string, number>>('GroupRatio')).toEqual({ default: 1, vip: 1, svip: 1 });
  });
});
