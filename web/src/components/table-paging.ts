import { PAGE_SIZES } from '@switchboard/contract';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { usePageSize } from './page-size';

/**
 * The page and page size of a server-paged table: sizes 10/20/50/100, the size remembered as
 * `page-size`, and a size change going back to the first page.
 */
export function useTablePaging() {
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const pagination = (total: number, extra: TablePaginationConfig = {}): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    onChange: (nextPage, nextSize) => {
      if (nextSize !== pageSize) {
        setPageSize(nextSize);
        setPage(1);
      } else {
        setPage(nextPage);
      }
    },
    ...extra,
  });
  return { page, pageSize, setPage, pagination };
}
