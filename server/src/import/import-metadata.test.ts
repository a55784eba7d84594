import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { referenceImport, type ReferenceImport } from '../testing/reference-import-fixture';
import { availableDatabaseKinds } from '../testing/test-databases';
import { importReference } from './import-reference';

const kinds = await availableDatabaseKinds();

async function seedMetadata(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: 1,
      username: 'root',
      password: 'x',
      role: 100,
      status: 1,
      access_token: '',
      aff_code: 'R00T',
      created_at: 1700000000,
    })
    .execute();
  await db.insertInto('options').values({ key: 'SystemName', value: 'Imported Gateway' }).execute();
  await db
    .insertInto('vendors')
    .values([
      {
        id: 4,
        name: 'OpenAI',
        description: 'GPT',
        icon: 'OpenAI',
        status: 1,
        created_time: 1700000000,
        updated_time: 1700000001,
      },
      {
        id: 5,
        name: 'Gone',
        description: '',
        icon: '',
        status: 1,
        created_time: 1700000000,
        updated_time: 1700000000,
        deleted_at: '2025-01-02 03:04:05',
      },
    ])
    .execute();
  await db
    .insertInto('models')
    .values({
      id: 9,
      model_name: 'gpt-4o',
      description: 'Omni',
      icon: '',
      tags: 'chat',
      vendor_id: 4,
      endpoints: '["openai"]',
      status: 1,
      sync_official: 0,
      created_time: 1700000000,
      updated_time: 1700000002,
      name_rule: 0,
    })
    .execute();
  const items = kind === 'postgres' ? JSON.stringify(['gpt-4o', 'o3']) : '["gpt-4o","o3"]';
  await db
    .insertInto('prefill_groups')
    .values({
      id: 2,
      name: 'Favourites',
      type: 'model',
      items,
      description: 'mine',
      created_time: 1700000000,
      updated_time: 1700000000,
    })
    .execute();
}

describe.each(kinds)('importing model metadata from a reference database on %s', (kind: DatabaseKind) => {
  let fixture: ReferenceImport;

  beforeAll(async () => {
    fixture = await referenceImport(kind, seedMetadata);
  });
  afterAll(() => fixture?.close());

  it('copies vendors, models and prefill groups, leaving deleted rows behind', async () => {
    const report = await importReference(fixture.source, fixture.target, { dryRun: false });
    expect(report.tables.find((table) => table.table === 'vendors')).toMatchObject({ read: 2, written: 1, skipped: 1 });
    const { db } = fixture.target;
    expect(
      (await db.selectFrom('vendors').select(['id', 'name']).execute()).map((row) => [Number(row.id), row.name]),
    ).toEqual([[4, 'OpenAI']]);
    const model = await db.selectFrom('models').selectAll().executeTakeFirstOrThrow();
    expect({
      ...model,
      id: Number(model.id),
      vendor_id: Number(model.vendor_id),
      sync_official: Number(model.sync_official),
    }).toMatchObject({
      id: 9,
      model_name: 'gpt-4o',
      vendor_id: 4,
      endpoints: '["openai"]',
      sync_official: 0,
    });
    const group = await db.selectFrom('prefill_groups').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(group.items)).toEqual(['gpt-4o', 'o3']);
    expect(group).toMatchObject({ name: 'Favourites', type: 'model', description: 'mine' });
  });
});
