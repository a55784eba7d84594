import type { Tables } from '../db/tables/index';
import type { SourceRow } from './value-readers';

export type CopyResult = { row: Record<string, unknown> } | { skip: string };

/** What a row's copy may need beyond the row: facts read from the source once, before the tables. */
export interface CopyContext {
  /** channel id → name, for the log rows' `channel_name` (the reference's logs keep only the id) */
  channelNames: ReadonlyMap<number, string>;
  /** unix seconds when the import started */
  nowSeconds: number;
}

/** How one reference table is copied into Switchboard's. */
export interface TableCopy {
  source: string;
  target: keyof Tables;
  /** The target's unique key: a second import overwrites the row it wrote the first time. */
  key: string[];
  /** Source columns read into the target; any other column with a value is reported as not carried. */
  carried: string[];
  map(row: SourceRow, context: CopyContext): CopyResult;
}

/** A copy into the table of the same name whose rows are keyed by `id`. */
export const sameTableById = (table: keyof Tables) => ({ source: table, target: table, key: ['id'] });

export const keep = (row: Record<string, unknown>): CopyResult => ({ row });

/** Reads one source value into the value its target column stores. */
export type ColumnReader = (value: unknown) => unknown;

/** Target columns each read from the source column of the same name. */
export type SameNamedColumns = Readonly<Record<string, ColumnReader>>;

/** The row's same-named columns, each through its reader. */
export function readSameNamed(row: SourceRow, columns: SameNamedColumns): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const [column, reader] of Object.entries(columns)) read[column] = reader(row[column]);
  return read;
}

/** A copy into the table of the same name, keyed by `key`, each column read from the source column of its name. */
export function sameNamedCopy(table: keyof Tables, columns: SameNamedColumns, key = ['id']): TableCopy {
  return {
    source: table,
    target: table,
    key,
    carried: Object.keys(columns),
    map: (row) => keep(readSameNamed(row, columns)),
  };
}
