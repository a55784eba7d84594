import { z } from 'zod';
import type { CachedChannel } from '../../caches/channel-index';
import type { UpstreamError } from '../../relay-error';
import { mappedUpstreamError, upstreamErrorFrom } from '../openai-compatible/errors';
import { parseWith } from '../../parse-json';

/** The v3 API refuses with HTTP 200 and `{code, msg, success: false}`. */
export const zhipuRefusal = z.looseObject({ code: z.number(), msg: z.string(), success: z.literal(false) });

/** The HTTP status of a v3 error code (1000-1004 authentication, 1113 balance, 1301-1302 and 1305 rate). */
function statusOf(code: number): number {
  if (code >= 1000 && code <= 1004) return 401;
  if (code === 1113 || code === 1302 || code === 1305 || code === 1301) return 429;
  if (code >= 1200 && code < 1300) return 400;
  return 500;
}

export function zhipuError(code: number, message: string, channel: CachedChannel): UpstreamError {
  const status = statusOf(code);
  return mappedUpstreamError(channel.statusCodeMapping, status, message, `zhipu_${code}`);
}

/** Zhipu's error, when the body is its refusal body. */
export function zhipuRefusalError(bodyText: string, channel: CachedChannel): UpstreamError | null {
  const refusal = parseWith(zhipuRefusal, bodyText);
  return refusal ? zhipuError(refusal.code, refusal.msg, channel) : null;
}

/** A non-2xx answer: Zhipu's own refusal body when it has one, else the generic reading. */
export const zhipuErrorFrom = (status: number, bodyText: string, channel: CachedChannel): UpstreamError =>
  zhipuRefusalError(bodyText, channel) ?? upstreamErrorFrom(status, bodyText, channel.statusCodeMapping);
