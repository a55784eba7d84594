import { beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { openSource, type SourceDatabase } from '../import/reference-source';
import { FakeOpenAIUpstream } from './fake-openai-upstream';
import { createReferenceSchema } from './reference-schema';
import { startedForTests } from './started-for-tests';
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

/** Fills a reference product's database: its channels point at `upstreamUrl`. */
export type ReferenceSeed = (db: Kysely<any>, kind: DatabaseKind, upstreamUrl: string) => Promise<void>;

/** A fresh database of the kind with the reference product's documented tables, filled by `seed`. */
export async function seededReferenceDatabase(
  kind: DatabaseKind,
  seed: ReferenceSeed,
  upstreamUrl: string,
): Promise<TestDatabase> {
  const sourceDatabase = await createTestDatabase(kind);
  const seeding = openDatabase(sourceDatabase.settings);
  await createReferenceSchema(seeding.db as unknown as Kysely<any>, kind);
  await seed(seeding.db as unknown as Kysely<any>, kind, upstreamUrl);
  await seeding.close();
  return sourceDatabase;
}

export async function referenceImport(kind: DatabaseKind, seed: ReferenceSeed): Promise<ReferenceImport> {
  const upstream = await new FakeOpenAIUpstream().start();
  const sourceDatabase = await seededReferenceDatabase(kind, seed, upstream.url);
  const targetDatabase = await createTestDatabase(kind);
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
 * A reference import for the calling describe block (see startedForTests), its target migrated before the
 * tests when `migrated`.
 */
export function referenceImportForTests(
  kind: DatabaseKind,
  seed: ReferenceSeed,
  { migrated = false } = {},
): ReferenceImport {
  const fixture = startedForTests(
    () => referenceImport(kind, seed),
    (started) => started.close(),
  );
  if (migrated) beforeAll(() => migrateToLatest(fixture.target));
  return fixture;
}
