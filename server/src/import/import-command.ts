import { existsSync } from 'node:fs';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { describeImport, importReference } from './import-reference';
import { openSource } from './reference-source';

/**
 * The target a run needs. A dry run against a SQLite file that does not exist opens nothing, since
 * opening would create the file (an empty target is all it would have read).
 */
function openTarget(config: Config, dryRun: boolean): Database | null {
  if (dryRun && config.databaseKind === 'sqlite' && !existsSync(config.SQLITE_PATH)) return null;
  return openDatabase({ kind: config.databaseKind, sqlitePath: config.SQLITE_PATH, dsn: config.SQL_DSN });
}

/** One run of `npm run import` against the database `config` names; answers the report to print. */
export async function runImport(config: Config, from: string, dryRun: boolean): Promise<string> {
  const source = await openSource(from);
  try {
    const target = openTarget(config, dryRun);
    try {
      return describeImport(await importReference(source, target, { dryRun }));
    } finally {
      await target?.close();
    }
  } finally {
    await source.close();
  }
}
