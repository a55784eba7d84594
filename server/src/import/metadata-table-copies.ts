import type { Tables } from '../db/tables/index';
import { keep, readSameNamed, sameTableById, type SameNamedColumns, type TableCopy } from './table-copy';
import { integer, integerOr, jsonTextOrNull, text, unixSecondsOrNull, type SourceRow } from './value-readers';

/**
 * Model and vendor metadata and prefill groups (issue 37; reference §10). Soft-deleted rows stay
 * behind; the rest keep their ids, so a model keeps its vendor.
 */

const deleted = (row: SourceRow, what: string): { skip: string } | null =>
  unixSecondsOrNull(row.deleted_at) !== null ? { skip: `${what} ${text(row.id)}: deleted` } : null;

/** The creation and update times, which rows that lack them take from the import's start. */
const timesCarried = ['created_time', 'updated_time'];
const times = (row: SourceRow, now: number) => ({
  created_time: integer(row.created_time, now),
  updated_time: integer(row.updated_time, now),
});

/** A copy by id of a table whose soft-deleted rows stay behind, with the times and these columns. */
function liveRowsCopy(table: keyof Tables, what: string, columns: SameNamedColumns): TableCopy {
  return {
    ...sameTableById(table),
    carried: [...Object.keys(columns), ...timesCarried, 'deleted_at'],
    map: (row, { nowSeconds }) =>
      deleted(row, what) ?? keep({ ...readSameNamed(row, columns), ...times(row, nowSeconds) }),
  };
}

export const vendors = liveRowsCopy('vendors', 'vendor', {
  id: integer,
  name: text,
  description: text,
  icon: text,
  status: integerOr(1),
});

export const modelMetas = liveRowsCopy('models', 'model', {
  id: integer,
  model_name: text,
  description: text,
  icon: text,
  tags: text,
  vendor_id: integer,
  endpoints: (value) => jsonTextOrNull(value) ?? '',
  status: integerOr(1),
  sync_official: integerOr(1),
  name_rule: integer,
});

export const prefillGroups = liveRowsCopy('prefill_groups', 'prefill group', {
  id: integer,
  name: text,
  type: (value) => text(value, 'model'),
  items: (value) => jsonTextOrNull(value) ?? '[]',
  description: text,
});
