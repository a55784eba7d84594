import { z } from 'zod';

/** Every console reply: business failures answer HTTP 200 with `success: false`. */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/** Paged list payload (`GET /api/user/`, channels, tokens, ...). */
export interface PageData<T> {
  items: T[];
  page: number;
  page_size?: number;
  total: number;
}

/**
 * A list reply of spec 001 §7 ("data list": channels and tokens): `data` is the plain list, as the
 * reference's scripts read it; the paging facts travel beside it in the envelope.
 */
export interface PlainListEnvelope<T> extends ApiEnvelope<T[]> {
  data: T[];
  page: number;
  page_size: number;
  total: number;
}

/** The envelope of a plain-list reply, built from a page. */
export function plainList<T>(page: PageData<T>): PlainListEnvelope<T> {
  return {
    success: true,
    message: '',
    data: page.items,
    page: page.page,
    page_size: page.page_size ?? page.items.length,
    total: page.total,
  };
}

/** A plain-list reply read back into a page (our console pages with it). */
export function pageOfPlainList<T>(reply: {
  data?: T[];
  page?: number;
  page_size?: number;
  total?: number;
}): PageData<T> {
  const items = reply.data ?? [];
  return {
    items,
    page: reply.page ?? 1,
    page_size: reply.page_size ?? items.length,
    total: reply.total ?? items.length,
  };
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Header that every signed-in console call carries (the reference product's name for it). */
export const USER_ID_HEADER = 'New-Api-User';

/**
 * A whole number of a list's query read as the reference reads it (Go's strconv, errors ignored): an
 * unreadable or negative value counts as 0, which leaves its filter out (`end_timestamp=NaN`, `p=`).
 */
export const lenientWholeNumber = z.preprocess((value) => {
  const number =
    typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : 0;
  return Number.isFinite(number) && number > 0 ? Math.trunc(number) : 0;
}, z.number().int().min(0));
