import { z } from 'zod';
import type { CachedChannel } from '../../caches/channel-index';
import type { UpstreamError } from '../../relay-error';
import { mappedUpstreamError, upstreamErrorFrom } from '../openai-compatible/errors';
import { parseWith } from '../../parse-json';

/** Tencent Cloud answers errors with HTTP 200 and `{Response: {Error: {Code, Message}}}`. */
export const tencentErrorBody = z.object({
  Response: z.looseObject({ Error: z.object({ Code: z.string(), Message: z.string() }) }),
});

/** The HTTP status of a Tencent Cloud error code (its common error codes). */
function statusOf(code: string): number {
  if (code.startsWith('AuthFailure')) return 401;
  if (code.startsWith('LimitExceeded') || code.startsWith('RequestLimitExceeded')) return 429;
  if (
    code.startsWith('InvalidParameter') ||
    code.startsWith('MissingParameter') ||
    code.startsWith('UnsupportedOperation')
  )
    return 400;
  if (code.startsWith('ResourceInsufficient') || code.startsWith('FailedOperation.ServiceNotActivated')) return 403;
  return 500;
}

export function tencentError(code: string, message: string, channel: CachedChannel): UpstreamError {
  const status = statusOf(code);
  return mappedUpstreamError(channel.statusCodeMapping, status, message, code);
}

/** Tencent's error, when the body is its error body. */
export function tencentRefusal(bodyText: string, channel: CachedChannel): UpstreamError | null {
  const error = parseWith(tencentErrorBody, bodyText)?.Response.Error;
  return error ? tencentError(error.Code, error.Message, channel) : null;
}

/** A non-2xx answer: Tencent's own error body when it has one, else the generic reading. */
export const tencentErrorFrom = (status: number, bodyText: string, channel: CachedChannel): UpstreamError =>
  tencentRefusal(bodyText, channel) ?? upstreamErrorFrom(status, bodyText, channel.statusCodeMapping);
