import { Migrator } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.kind) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
}
