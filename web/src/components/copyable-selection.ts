import type { TableProps } from 'antd';
import { useState } from 'react';
import { copyText } from './clipboard';
import { toast } from './feedback';

type RowSelection<Row> = NonNullable<TableProps<Row>['rowSelection']>;

/**
 * Rows ticked in a server-paged table, kept while paging, and a "copy selected" action that puts
 * `textOf(rows)` (or what it resolves to) on the clipboard or warns with `nothingSelected` when no row is ticked.
 */
export function useCopyableSelection<Row extends { id: number }>(
  textOf: (rows: Row[]) => string | Promise<string>,
  nothingSelected: string,
) {
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
    // The text may need a call first (whole token keys); a failed call has shown why. Text at hand is
    // copied at once, within the click.
    const text = textOf(selected);
    if (typeof text === 'string') void copyText(text);
    else void text.then(copyText, () => undefined);
  };
  return { rowSelection, copySelected };
}
