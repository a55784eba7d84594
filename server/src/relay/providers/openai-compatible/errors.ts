import { UpstreamError } from '../../relay-error';

/** Statuses after which another channel is tried (reference notes §2.3; 400, 408, 504 and 524 are final). */
export function isRetryableStatus(status: number): boolean {
  if (status >= 200 && status < 300) return false;
  if (status < 100 || status > 599) return true;
  return ![400, 408, 504, 524].includes(status);
}

/**
 * Turns an upstream error reply into an UpstreamError: the upstream's message, the status after the
 * channel's status-code mapping, and whether to fail over (judged on the upstream's own status).
 */
export function upstreamErrorFrom(
  status: number,
  bodyText: string,
  statusCodeMapping: Record<string, number>,
): UpstreamError {
  let message = bodyText.slice(0, 1000) || `upstream answered HTTP ${status}`;
  let code = `upstream_${status}`;
  let type = '';
  try {
    const parsed = JSON.parse(bodyText) as {
      error?: { message?: unknown; code?: unknown; type?: unknown } | string;
      message?: unknown;
    };
    const error = parsed.error;
    if (typeof error === 'string') message = error;
    else if (error && typeof error.message === 'string') {
      message = error.message;
      if (typeof error.type === 'string') type = error.type;
      if (typeof error.code === 'string' && error.code) code = error.code;
      else if (type) code = type;
    } else if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // not JSON: keep the text
  }
  return mappedUpstreamError(statusCodeMapping, status, message, code, type);
}

/**
 * An upstream's error as the gateway answers it: the status after the channel's status-code mapping,
 * and whether to fail over judged on the upstream's own status.
 */
export function mappedUpstreamError(
  statusCodeMapping: Record<string, number>,
  status: number,
  message: string,
  code: string,
  type = '',
): UpstreamError {
  return new UpstreamError(
    statusCodeMapping[String(status)] ?? status,
    message,
    code,
    isRetryableStatus(status),
    status,
    type,
  );
}
