/** Where a request failed: no answer, a non-2xx status, or a `success:false` envelope. */
export type ApiErrorKind = 'network' | 'http' | 'business';

/** Thrown by the HTTP client; `message` is already localised and fit to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, 0 when the server was not reached. */
  readonly status: number;

  constructor(message: string, kind: ApiErrorKind, status: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
