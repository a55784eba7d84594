import type { Text } from './text';

export interface AppErrorOptions {
  /** HTTP status; console business errors answer 200 with `success: false`. */
  status?: number;
  /** Stable machine-readable code. */
  code?: string;
  /** Whether another upstream channel may succeed where this attempt failed. */
  retryable?: boolean;
}

/** An error whose message a user may read; the console answers it in the caller's language. */
export class AppError extends Error {
  readonly text: Text;
  readonly status: number;
  readonly code: string;
  readonly retryable: boolean;

  constructor(text: Text, options: AppErrorOptions = {}) {
    super(text.en);
    this.text = text;
    this.status = options.status ?? 200;
    this.code = options.code ?? 'business_error';
    this.retryable = options.retryable ?? false;
  }
}

/** Throws the refusal; an expression, so it may stand where a value is expected (`value ?? refuse(text)`). */
export const refuse = (text: Text): never => {
  throw new AppError(text);
};
