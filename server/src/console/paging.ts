import { PAGE_SIZES } from '@switchboard/contract';
import { z } from 'zod';

const LARGEST_PAGE = Math.max(...PAGE_SIZES);

/** The list query every console list accepts: `p` (1-based; 0 reads as the first page) and `page_size` (or `size`). */
export const pageQuery = {
  p: z.coerce.number().int().min(0).default(1),
  size: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).optional(),
};

export const pageQuerySchema = z.object(pageQuery);

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
}

/** The page asked for, its size capped at the largest the console offers. */
export function pagingOf(query: { p: number; size?: number; page_size?: number }): PageRequest {
  const size = Math.min(query.size ?? query.page_size ?? PAGE_SIZES[0], LARGEST_PAGE);
  const page = Math.max(query.p, 1);
  return { page, size, offset: (page - 1) * size };
}
