import type { UpstreamError } from '../../relay-error';
import type { CachedChannel } from '../../caches/channel-index';
import { mappedUpstreamError } from '../openai-compatible/errors';
import { geminiErrorSchema } from './wire';

/**
 * A Google error reply (`{error:{code,message,status}}`, sometimes a one-element array of it) as an
 * UpstreamError: Google's message, its status name as the code, the ErrorInfo reason (API_KEY_INVALID) as
 * its type, the channel's status mapping applied.
 */
export function geminiErrorFrom(status: number, bodyText: string, channel: CachedChannel): UpstreamError {
  let message = bodyText.slice(0, 1000) || `upstream answered HTTP ${status}`;
  let code = `upstream_${status}`;
  let reason = '';
  try {
    const value: unknown = JSON.parse(bodyText);
    const parsed = geminiErrorSchema.safeParse(Array.isArray(value) ? value[0] : value);
    if (parsed.success) {
      if (parsed.data.error.message) message = parsed.data.error.message;
      if (parsed.data.error.status) code = parsed.data.error.status;
      reason = parsed.data.error.details?.find((detail) => detail.reason)?.reason ?? '';
    }
  } catch {
    // not JSON: keep the text
  }
  return mappedUpstreamError(channel.statusCodeMapping, status, message, code, reason);
}
