import { afterAll, beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { openSource, type SourceDatabase } from '../import/reference-source';
import { FakeOpenAIUpstream } from './fake-openai-upstream';
import { createReferenceSchema } from './reference-schema';
import { createTestDatabase, type TestDatabase } from './test-databases';

/** A reference product's database (its documented tables, seeded by the test) and an empty target to import into. */
export interface ReferenceImport {
  source: SourceDatabase;
  target: Database;
  targetDatabase: TestDatabase;
  /** the upstream the seeded channels point at */
  upstream: FakeOpenAIUpstream;
  close(): Promise<void>;
}

export async function referenceImport(
  kind: DatabaseKind,
  seed: (db: Kysely<any>, kind: DatabaseKind, upstreamUrl: string) => Promise<void>,
): Promise<ReferenceImport> {
  const upstream = await new FakeOpenAIUpstream().start();
  const sourceDatabase = await createTestDatabase(kind);
  const targetDatabase = await createTestDatabase(kind);
  const seeding = openDatabase(sourceDatabase.settings);
  await createReferenceSchema(seeding.db as unknown as Kysely<any>, kind);
  await seed(seeding.db as unknown as Kysely<any>, kind, upstream.url);
  await seeding.close();
  const source = await openSource(sourceDatabase.dsn ?? sourceDatabase.sqlitePath);
  const target = openDatabase(targetDatabase.settings);
  return {
    source,
    target,
    targetDatabase,
    upstream,
    async close() {
      await source.close();
      await target.close();
      await sourceDatabase.drop();
      await targetDatabase.drop();
      await upstream.stop();
    },
  };
}

/**
 * A reference import for the calling describe block: seeded before its tests (the target migrated
 * first with `migrated`), closed after them. Its fields are there once the tests run.
 */
export function referenceImportForTests(
  kind: DatabaseKind,
  seed: (db: Kysely<any>, kind: DatabaseKind, upstreamUrl: string) => Promise<void>,
  { migrated = false } = {},
): ReferenceImport {
  const fixture = {} as ReferenceImport;
  beforeAll(async () => {
    Object.assign(fixture, await referenceImport(kind, seed));
    if (migrated) await migrateToLatest(fixture.target);
  });
  afterAll(() => fixture.close?.());
  return fixture;
}
