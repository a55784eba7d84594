import { optionCatalogue, optionValueProblem } from '@switchboard/contract';
import type { Database } from '../db/database';
import { upsertRows } from '../db/dialect';
import { effectiveCompletionRatios, REFERENCE_DEFAULT_COMPLETION_RATIOS } from './reference-completion-ratios';
import type { SourceDatabase } from './reference-source';
import { text, type SourceRow } from './value-readers';

export interface CompletionRatioCorrection {
  model: string;
  /** the entry of the reference's stored option; null when it had none (Switchboard would have billed 1) */
  stored: number | null;
  /** what the reference billed */
  billed: number;
}

export interface CompletionRatioReport {
  /** how many models the written table names */
  models: number;
  /** models the reference billed at another ratio than its stored option says */
  corrected: CompletionRatioCorrection[];
}

type RatioTable = Record<string, number>;

function parseTable(value: unknown): RatioTable | null {
  try {
    const parsed: unknown = JSON.parse(text(value));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
      ),
    );
  } catch {
    return null;
  }
}

async function sourceTable(source: SourceDatabase, key: string): Promise<RatioTable | null> {
  const row: SourceRow | undefined = await source.db
    .selectFrom('options')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? parseTable(row.value) : null;
}

/** The model ratios Switchboard prices with when the source has none of its own: the target's, else the default table. */
async function targetModelRatios(target: Database | null): Promise<RatioTable> {
  const row = await target?.db
    .selectFrom('options')
    .select('value')
    .where('key', '=', 'ModelRatio')
    .executeTakeFirst()
    .catch(() => undefined);
  return parseTable(row?.value) ?? parseTable(optionCatalogue.ModelRatio.default) ?? {};
}

/** Every model a source channel serves. */
async function channelModels(source: SourceDatabase): Promise<string[]> {
  const models: string[] = [];
  if (source.columns.get('abilities')?.has('model')) {
    const rows: SourceRow[] = await source.db.selectFrom('abilities').select('model').distinct().execute();
    models.push(...rows.map((row) => text(row.model)));
  }
  if (source.columns.get('channels')?.has('models')) {
    const rows: SourceRow[] = await source.db.selectFrom('channels').select('models').execute();
    for (const row of rows) models.push(...text(row.models).split(','));
  }
  return models.map((model) => model.trim()).filter(Boolean);
}

/**
 * Writes `CompletionRatio` as the reference billed it: for every model it priced by ratio, served
 * through a channel or named in its option, the ratio its built-in rules and its stored option gave
 * together (reference-completion-ratios.ts). `write` false reports without writing (the dry run).
 */
export async function importCompletionRatios(
  source: SourceDatabase,
  target: Database | null,
  write: boolean,
): Promise<CompletionRatioReport> {
  const stored = (await sourceTable(source, 'CompletionRatio')) ?? REFERENCE_DEFAULT_COMPLETION_RATIOS;
  const modelRatios = (await sourceTable(source, 'ModelRatio')) ?? (await targetModelRatios(target));
  const table = effectiveCompletionRatios(
    [...Object.keys(modelRatios), ...Object.keys(stored), ...(await channelModels(source))],
    stored,
  );
  const value = JSON.stringify(table);
  if (write && target) {
    const problem = optionValueProblem('CompletionRatio', value);
    if (problem) throw new Error(`the completion ratio table could not be stored: ${problem.kind}`);
    await upsertRows(target.db, target.kind, 'options', [{ key: 'CompletionRatio', value }], ['key']);
  }
  const corrected = Object.entries(table)
    .map(([model, billed]) => ({ model, stored: stored[model] ?? null, billed }))
    .filter((entry) => (entry.stored ?? 1) !== entry.billed);
  return { models: Object.keys(table).length, corrected };
}

const CORRECTIONS_LISTED = 20;

/** The report's lines for the completion ratios. */
export function describeCompletionRatios(report: CompletionRatioReport, dryRun: boolean): string[] {
  const lines = [
    `CompletionRatio: ${dryRun ? 'would write' : 'wrote'} the ratios the reference billed ${report.models} models with; ` +
      `${report.corrected.length} differ from its stored option (its built-in rules came first)`,
  ];
  for (const entry of report.corrected.slice(0, CORRECTIONS_LISTED)) {
    lines.push(`  ${entry.model}: billed ${Number(entry.billed.toFixed(4))} (option: ${entry.stored ?? 'none, 1'})`);
  }
  if (report.corrected.length > CORRECTIONS_LISTED)
    lines.push(`  … and ${report.corrected.length - CORRECTIONS_LISTED} more`);
  return lines;
}
