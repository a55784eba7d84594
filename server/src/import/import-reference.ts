import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { realignIdSequence, upsertRows } from '../db/dialect';
import type { SourceDatabase } from './reference-source';
import { tableCopies, type TableCopy } from './table-copies';
import { isEmpty, type SourceRow } from './value-readers';

export interface TableReport {
  table: string;
  /** The source has no such table (an older or newer reference version). */
  absent: boolean;
  read: number;
  written: number;
  skipped: number;
  /** The first reasons rows were skipped. */
  skipReasons: string[];
  /** Source columns Switchboard has no place for, with how many rows had a value there. */
  notCarried: Record<string, number>;
}

export interface ImportReport {
  dryRun: boolean;
  tables: TableReport[];
}

export interface ImportSettings {
  dryRun: boolean;
  batchSize?: number;
}

const SKIP_REASONS_KEPT = 20;

async function* readInBatches(source: SourceDatabase, copy: TableCopy, batchSize: number): AsyncGenerator<SourceRow[]> {
  const db: Kysely<any> = source.db;
  const hasId = source.columns.get(copy.source)?.has('id') ?? false;
  if (hasId) {
    let after = Number.NEGATIVE_INFINITY;
    for (;;) {
      let query = db.selectFrom(copy.source).selectAll().orderBy('id').limit(batchSize);
      if (after !== Number.NEGATIVE_INFINITY) query = query.where('id', '>', after);
      const rows: SourceRow[] = await query.execute();
      if (rows.length === 0) return;
      yield rows;
      after = Number(rows[rows.length - 1]?.id);
      if (rows.length < batchSize) return;
    }
  }
  for (let offset = 0; ; offset += batchSize) {
    let query = db.selectFrom(copy.source).selectAll();
    for (const column of copy.key) query = query.orderBy(column);
    const rows: SourceRow[] = await query.limit(batchSize).offset(offset).execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
  }
}

async function copyTable(source: SourceDatabase, target: Database, copy: TableCopy, settings: ImportSettings): Promise<TableReport> {
  const report: TableReport = { table: copy.source, absent: false, read: 0, written: 0, skipped: 0, skipReasons: [], notCarried: {} };
  const columns = source.columns.get(copy.source);
  if (!columns) return { ...report, absent: true };
  const dropped = [...columns].filter((column) => !copy.carried.includes(column));
  for await (const batch of readInBatches(source, copy, settings.batchSize ?? 500)) {
    const rows: Array<Record<string, unknown>> = [];
    for (const sourceRow of batch) {
      report.read += 1;
      for (const column of dropped) {
        if (!isEmpty(sourceRow[column])) report.notCarried[column] = (report.notCarried[column] ?? 0) + 1;
      }
      const result = copy.map(sourceRow);
      if ('skip' in result) {
        report.skipped += 1;
        if (report.skipReasons.length < SKIP_REASONS_KEPT) report.skipReasons.push(result.skip);
      } else rows.push(result.row);
    }
    if (!settings.dryRun && rows.length > 0) {
      await target.db.transaction().execute((transaction) => upsertRows(transaction, target.kind, copy.target, rows as never[], copy.key));
    }
    report.written += rows.length;
  }
  if (!settings.dryRun && copy.key[0] === 'id') await realignIdSequence(target.db, target.kind, copy.target);
  return report;
}

/**
 * Copies a reference product's database into Switchboard's: users (bcrypt passwords verify as they are),
 * tokens (same keys), channels, abilities, options Switchboard knows, redemptions, top-ups, logs and
 * hourly usage. Rows keep their ids and are overwritten on a second run, so the import is idempotent.
 * A dry run reads everything and reports the same counts without writing.
 */
export async function importReference(source: SourceDatabase, target: Database, settings: ImportSettings): Promise<ImportReport> {
  const tables: TableReport[] = [];
  for (const copy of tableCopies) tables.push(await copyTable(source, target, copy, settings));
  return { dryRun: settings.dryRun, tables };
}

/** The report as the command prints it. */
export function describeImport(report: ImportReport): string {
  const lines = [report.dryRun ? 'Dry run: nothing was written.' : 'Imported.'];
  for (const table of report.tables) {
    if (table.absent) {
      lines.push(`${table.table}: not in the source`);
      continue;
    }
    const verb = report.dryRun ? 'would write' : 'wrote';
    lines.push(`${table.table}: read ${table.read}, ${verb} ${table.written}, skipped ${table.skipped}`);
    for (const reason of table.skipReasons) lines.push(`  skipped ${reason}`);
    for (const [column, rows] of Object.entries(table.notCarried)) lines.push(`  not carried: ${column} (set on ${rows} rows)`);
  }
  return lines.join('\n');
}
