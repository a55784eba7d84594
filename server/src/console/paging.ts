import { lenientWholeNumber, PAGE_SIZES } from '@switchboard/contract';
import { z } from 'zod';

const LARGEST_PAGE = Math.max(...PAGE_SIZES);

const pageSizeFields = {
  size: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).optional(),
};

/** The list query of the lists that count `p` from 1 (users, redemptions, logs, top-ups); 0 reads as the first page. */
export const pageQuery = { p: z.coerce.number().int().min(0).default(1), ...pageSizeFields };

export const pageQuerySchema = z.object(pageQuery);

/**
 * The list query of the lists the reference counts from 0 (channels, tokens, drawings and tasks):
 * `p=0` is the first page, at offset `p × size`.
 */
export const zeroBasedPageQuery = { p: lenientWholeNumber, ...pageSizeFields };

export const zeroBasedPageQuerySchema = z.object(zeroBasedPageQuery);

export interface PageRequest {
  /** the page as the caller counts it (from 1, or from 0 on the zero-based lists) */
  page: number;
  size: number;
  offset: number;
}

const sizeOf = (query: { size?: number; page_size?: number }): number =>
  Math.min(query.size ?? query.page_size ?? PAGE_SIZES[0], LARGEST_PAGE);

/** The page asked for on a list counted from 1, its size capped at the largest the console offers. */
export function pagingOf(query: { p: number; size?: number; page_size?: number }): PageRequest {
  const size = sizeOf(query);
  const page = Math.max(query.p, 1);
  return { page, size, offset: (page - 1) * size };
}

/** The page asked for on a list counted from 0. */
export function zeroBasedPagingOf(query: { p: number; size?: number; page_size?: number }): PageRequest {
  const size = sizeOf(query);
  const page = Math.max(query.p, 0);
  return { page, size, offset: page * size };
}
