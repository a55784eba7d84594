import type { ApiEnvelope } from '@switchboard/contract';

/** A successful console reply. */
export function ok<T>(data?: T, message = ''): ApiEnvelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}
