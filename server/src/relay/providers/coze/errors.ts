import { z } from 'zod';
import type { CachedChannel } from '../../caches/channel-index';
import type { UpstreamError } from '../../relay-error';
import { mappedUpstreamError, upstreamErrorFrom } from '../openai-compatible/errors';
import { parseWith } from '../../parse-json';

/** Coze refuses a call with HTTP 200 and `{code, msg}` (code 0 is success). */
export const cozeErrorBody = z.looseObject({ code: z.number().refine((code) => code !== 0), msg: z.string() });

/** The HTTP status a Coze error code stands for (its error-code table: 4100/4101 authentication, 4013/4019 rate or balance). */
function statusOf(code: number): number {
  if (code === 4100 || code === 4101) return 401;
  if (code === 4013 || code === 4019 || code === 4020) return 429;
  if (code >= 4000 && code < 5000) return 400;
  return 500;
}

export function cozeError(code: number, message: string, channel: CachedChannel): UpstreamError {
  const status = statusOf(code);
  return mappedUpstreamError(channel.statusCodeMapping, status, message || `Coze error ${code}`, `coze_${code}`);
}

/** A non-2xx answer: Coze's own error body when it has one, else the generic reading. */
export function cozeErrorFrom(status: number, bodyText: string, channel: CachedChannel): UpstreamError {
  const error = parseWith(cozeErrorBody, bodyText);
  return error
    ? cozeError(error.code, error.msg, channel)
    : upstreamErrorFrom(status, bodyText, channel.statusCodeMapping);
}
