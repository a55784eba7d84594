import type { StatusData } from '@switchboard/contract';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

/** The columns of a list whose rows open in an editor: in the page's texts, quotas shown as the site's status says. */
export type EditableListColumns<Row> = (
  t: TFunction,
  status: StatusData,
  onEdit: (row: Row) => void,
) => ColumnsType<Row>;

/** A list's row actions column, kept in view at laptop widths while the other columns scroll sideways. */
export function actionsColumn<Row>(title: string, actions: (row: Row) => ReactNode, width?: number): ColumnType<Row> {
  return { title, key: 'actions', width, fixed: 'right', render: (_value, row) => actions(row) };
}
