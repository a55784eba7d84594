import type { TableProps } from 'antd';
import { useState } from 'react';
import { copyText } from './clipboard';
import { toast } from './feedback';

type RowSelection<Row> = NonNullable<TableProps<Row>['rowSelection']>;

/**
 * Rows ticked in a server-paged table, kept while paging, and a "copy selected" action that puts
 * `textOf(rows)` on the clipboard or warns with `nothingSelected` when no row is ticked.
 */
export function useCopyableSelection<Row extends { id: number }>(textOf: (rows: Row[]) => string, nothingSelected: string) {
  const [selected, setSelected] = useState<Row[]>([]);
  const rowSelection: RowSelection<Row> = {
    selectedRowKeys: selected.map((row) => row.id),
    onChange: (_keys, rows) => setSelected(rows),
    preserveSelectedRowKeys: true,
  };
  const copySelected = () => {
    if (selected.length === 0) {
      toast.warning(nothingSelected);
      return;
    }
    void copyText(textOf(selected));
  };
  return { rowSelection, copySelected };
}
