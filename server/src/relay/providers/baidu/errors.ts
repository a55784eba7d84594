import { z } from 'zod';
import type { CachedChannel } from '../../caches/channel-index';
import type { UpstreamError } from '../../relay-error';
import { mappedUpstreamError, upstreamErrorFrom } from '../openai-compatible/errors';
import { parseWith } from '../../parse-json';
import { forgetBaiduToken } from './credentials';
import { BAIDU_BASE_URL } from './request';

/** Baidu answers most errors with HTTP 200 and `{error_code, error_msg}` in the body. */
export const baiduErrorBody = z.looseObject({ error_code: z.number(), error_msg: z.string().optional() });

/** The HTTP status an ERNIE error code stands for (Baidu's error-code table). */
function statusOf(code: number): number {
  if (code === 110 || code === 111 || code === 6 || code === 14) return 401;
  if (code === 4 || code === 17 || code === 18 || code === 19 || code === 336501 || code === 336502) return 429;
  if (code === 336003 || code === 336006 || code === 336007 || code === 336104 || code === 336001 || code === 336002)
    return 400;
  return 500;
}

/** An ERNIE error as an UpstreamError; a refused access token is forgotten so the next call exchanges again. */
export function baiduError(error: z.infer<typeof baiduErrorBody>, channel: CachedChannel): UpstreamError {
  if (error.error_code === 110 || error.error_code === 111)
    forgetBaiduToken(channel.baseUrl || BAIDU_BASE_URL, channel.key);
  const status = statusOf(error.error_code);
  return mappedUpstreamError(
    channel.statusCodeMapping,
    status,
    error.error_msg || `Baidu error ${error.error_code}`,
    `baidu_${error.error_code}`,
  );
}

/** Baidu's error, when the body is its error body. */
export function baiduRefusal(bodyText: string, channel: CachedChannel): UpstreamError | null {
  const error = parseWith(baiduErrorBody, bodyText);
  return error ? baiduError(error, channel) : null;
}

/** A non-2xx answer: Baidu's own error body when it has one, else the generic reading. */
export const baiduErrorFrom = (status: number, bodyText: string, channel: CachedChannel): UpstreamError =>
  baiduRefusal(bodyText, channel) ?? upstreamErrorFrom(status, bodyText, channel.statusCodeMapping);
