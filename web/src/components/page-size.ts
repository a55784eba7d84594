import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@switchboard/contract';
import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../api/local-storage';

/** Spec 000 §9: the chosen page size is saved locally as `page-size`. */
export const PAGE_SIZE_STORAGE_KEY = 'page-size';

function storedPageSize(): number {
  const value = Number(readStorage(PAGE_SIZE_STORAGE_KEY));
  return (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
}

export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(storedPageSize);
  const change = useCallback((next: number) => {
    writeStorage(PAGE_SIZE_STORAGE_KEY, String(next));
    setSize(next);
  }, []);
  return [size, change];
}
