import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { nowSeconds, realignIdSequence, upsertRows } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import {
  describeCompletionRatios,
  importCompletionRatios,
  type CompletionRatioReport,
} from './completion-ratio-import';
import { refuseLiveGateway } from './live-gateway';
import type { SourceDatabase } from './reference-source';
import { tableCopies } from './table-copies';
import type { CopyContext, TableCopy } from './table-copy';
import { integer, isEmpty, text, type SourceRow } from './value-readers';

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
  completionRatios: CompletionRatioReport;
}

export interface ImportSettings {
  dryRun: boolean;
  batchSize?: number;
}

const SKIP_REASONS_KEPT = 20;

/** Why a column of the reference's documented tables has no place here (the report says so beside the count). */
const NOT_CARRIED_BECAUSE: Readonly<Record<string, string>> = {
  'users.discord_id': 'Switchboard has no Discord sign-in',
  'users.remark': 'users have no remark here',
  'users.stripe_customer': 'Switchboard has no Stripe payments',
  'users.last_login_at': 'sign-in times are not kept',
  'tokens.cross_group_retry': "Switchboard's tokens have no cross-group retry setting",
  'channels.settings': "the reference's extra channel settings have no counterpart",
  'redemptions.expired_time': 'redemption codes do not expire here',
};

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

async function copyTable(
  source: SourceDatabase,
  target: Database | null,
  copy: TableCopy,
  settings: ImportSettings,
  context: CopyContext,
): Promise<TableReport> {
  const report: TableReport = {
    table: copy.source,
    absent: false,
    read: 0,
    written: 0,
    skipped: 0,
    skipReasons: [],
    notCarried: {},
  };
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
      const result = copy.map(sourceRow, context);
      if ('skip' in result) {
        report.skipped += 1;
        if (report.skipReasons.length < SKIP_REASONS_KEPT) report.skipReasons.push(result.skip);
      } else rows.push(result.row);
    }
    if (target && !settings.dryRun && rows.length > 0) {
      await target.db
        .transaction()
        .execute((transaction) => upsertRows(transaction, target.kind, copy.target, rows as never[], copy.key));
    }
    report.written += rows.length;
  }
  if (target && !settings.dryRun && copy.key[0] === 'id') await realignIdSequence(target.db, target.kind, copy.target);
  return report;
}

async function readChannelNames(source: SourceDatabase): Promise<Map<number, string>> {
  const columns = source.columns.get('channels');
  if (!columns?.has('id') || !columns.has('name')) return new Map();
  const rows: SourceRow[] = await source.db.selectFrom('channels').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [integer(row.id), text(row.name)]));
}

/**
 * Copies a reference product's database into Switchboard's: users (bcrypt passwords verify as they are),
 * tokens (same keys), channels, abilities, options Switchboard knows, redemptions, top-ups, logs,
 * hourly usage, drawings and tasks, then the completion ratios the reference billed with. Rows keep
 * their ids and are overwritten on a second run, so the import is idempotent. Refuses a target a
 * running gateway is using. A dry run reads everything and reports the same counts without writing;
 * it may have no target at all (a SQLite file that does not exist yet is not created).
 */
export async function importReference(
  source: SourceDatabase,
  target: Database | null,
  settings: ImportSettings,
): Promise<ImportReport> {
  if (!target && !settings.dryRun) throw new Error('an import that writes needs a target database');
  if (target) await refuseLiveGateway(target);
  if (target && !settings.dryRun) await migrateToLatest(target);
  const context: CopyContext = { channelNames: await readChannelNames(source), nowSeconds: nowSeconds() };
  const tables: TableReport[] = [];
  for (const copy of tableCopies) tables.push(await copyTable(source, target, copy, settings, context));
  const completionRatios = await importCompletionRatios(source, target, !settings.dryRun);
  return { dryRun: settings.dryRun, tables, completionRatios };
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
    for (const [column, rows] of Object.entries(table.notCarried)) {
      const because = NOT_CARRIED_BECAUSE[`${table.table}.${column}`];
      lines.push(`  not carried: ${column} (set on ${rows} rows)${because ? `: ${because}` : ''}`);
    }
  }
  lines.push(...describeCompletionRatios(report.completionRatios, report.dryRun));
  return lines.join('\n');
}
