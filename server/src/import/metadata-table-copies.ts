import { keep, sameTableById, type TableCopy } from './table-copy';
import { integer, jsonTextOrNull, text, unixSecondsOrNull, type SourceRow } from './value-readers';

/**
 * Model and vendor metadata and prefill groups (issue 37; reference §10). Soft-deleted rows stay
 * behind; the rest keep their ids, so a model keeps its vendor.
 */

const deleted = (row: SourceRow, what: string): { skip: string } | null =>
  unixSecondsOrNull(row.deleted_at) !== null ? { skip: `${what} ${text(row.id)}: deleted` } : null;

const times = (row: SourceRow, now: number) => ({
  created_time: integer(row.created_time, now),
  updated_time: integer(row.updated_time, now),
});

export const vendors: TableCopy = {
  ...sameTableById('vendors'),
  carried: ['id', 'name', 'description', 'icon', 'status', 'created_time', 'updated_time', 'deleted_at'],
  map: (row, { nowSeconds }) =>
    deleted(row, 'vendor') ??
    keep({
      id: integer(row.id),
      name: text(row.name),
      description: text(row.description),
      icon: text(row.icon),
      status: integer(row.status, 1),
      ...times(row, nowSeconds),
    }),
};

export const modelMetas: TableCopy = {
  ...sameTableById('models'),
  carried: [
    'id',
    'model_name',
    'description',
    'icon',
    'tags',
    'vendor_id',
    'endpoints',
    'status',
    'sync_official',
    'name_rule',
    'created_time',
    'updated_time',
    'deleted_at',
  ],
  map: (row, { nowSeconds }) =>
    deleted(row, 'model') ??
    keep({
      id: integer(row.id),
      model_name: text(row.model_name),
      description: text(row.description),
      icon: text(row.icon),
      tags: text(row.tags),
      vendor_id: integer(row.vendor_id),
      endpoints: jsonTextOrNull(row.endpoints) ?? '',
      status: integer(row.status, 1),
      sync_official: integer(row.sync_official, 1),
      name_rule: integer(row.name_rule),
      ...times(row, nowSeconds),
    }),
};

export const prefillGroups: TableCopy = {
  ...sameTableById('prefill_groups'),
  carried: ['id', 'name', 'type', 'items', 'description', 'created_time', 'updated_time', 'deleted_at'],
  map: (row, { nowSeconds }) =>
    deleted(row, 'prefill group') ??
    keep({
      id: integer(row.id),
      name: text(row.name),
      type: text(row.type, 'model'),
      items: jsonTextOrNull(row.items) ?? '[]',
      description: text(row.description),
      ...times(row, nowSeconds),
    }),
};
