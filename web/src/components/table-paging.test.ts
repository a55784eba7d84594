import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE_STORAGE_KEY } from './page-size';
import { useTablePaging } from './table-paging';

describe('useTablePaging', () => {
  beforeEach(() => localStorage.clear());

  it('offers 10/20/50/100, remembers a new size as page-size and goes back to the first page', () => {
    const { result } = renderHook(() => useTablePaging());
    expect(result.current.pagination(300).pageSizeOptions).toEqual(['10', '20', '50', '100']);
    act(() => result.current.pagination(300).onChange?.(3, 10));
    expect(result.current.page).toBe(3);
    act(() => result.current.pagination(300).onChange?.(3, 50));
    expect([result.current.page, result.current.pageSize]).toEqual([1, 50]);
    expect(localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBe('50');
    expect(renderHook(() => useTablePaging()).result.current.pageSize).toBe(50);
  });
});
