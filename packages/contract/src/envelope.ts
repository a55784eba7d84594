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

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Header that every signed-in console call carries (the reference product's name for it). */
export const USER_ID_HEADER = 'New-Api-User';
