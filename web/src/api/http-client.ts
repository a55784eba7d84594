import { USER_ID_HEADER, type ApiEnvelope } from '@switchboard/contract';
import { toast } from '../components/feedback';
import i18n, { currentLanguage } from '../i18n';
import { ApiError } from './api-error';
import { clearStoredUser, storedUserId } from './session';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Leave showing the error, and the sign-in redirect on 401, to the caller. */
  quiet?: boolean;
  /** Extra request headers (a security proof). */
  headers?: Record<string, string>;
}

/** A successful envelope: `data` is whatever the endpoint documents (absent for some). */
export interface ApiReply<T> {
  success: true;
  message: string;
  data: T;
}

export const EXPIRED_LOGIN_PATH = '/login?expired=true';

type UnauthorizedHandler = () => void | Promise<void>;

const reloadToLogin: UnauthorizedHandler = () => {
  window.location.assign(EXPIRED_LOGIN_PATH);
};
let unauthorizedHandler: UnauthorizedHandler = reloadToLogin;

/**
 * Sets how a 401 leaves the current page. The app routes in place; the default reloads the
 * document at `/login?expired=true`. The stored user is cleared once the handler has run, so
 * login guards do not race it to a plain `/login`.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? reloadToLogin;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) parameters.append(name, String(value));
  }
  const text = parameters.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** The headers of every console call: language, the signed-in user's id, JSON. */
export function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-store',
    'Accept-Language': currentLanguage(),
    [USER_ID_HEADER]: String(storedUserId()),
  });
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function withExtraHeaders(headers: Headers, extra: Record<string, string> | undefined): Headers {
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

async function readEnvelope(response: Response): Promise<ApiEnvelope<unknown> | null> {
  try {
    const value = (await response.json()) as unknown;
    if (value && typeof value === 'object' && 'success' in value) return value as ApiEnvelope<unknown>;
    return null;
  } catch {
    return null;
  }
}

/** The spec 000 §8 message for a non-2xx status. */
export function httpErrorMessage(status: number, serverMessage: string | undefined): string {
  switch (status) {
    case 401:
      return i18n.t('common:errors.sessionExpired');
    case 405:
      return i18n.t('common:errors.demoOnly');
    case 429:
      return i18n.t('common:errors.tooManyRequests');
    case 500:
      return i18n.t('common:errors.internal');
    default:
      return i18n.t('common:errors.generic', { message: serverMessage || `HTTP ${status}` });
  }
}

function handleUnauthorized(quiet: boolean): void {
  if (quiet) {
    clearStoredUser();
    return;
  }
  void Promise.resolve().then(unauthorizedHandler).finally(clearStoredUser);
}

function fail(error: ApiError, quiet: boolean): never {
  if (!quiet && error.status !== 401) toast.error(error.message);
  throw error;
}

/**
 * A create (POST) whose outcome the console cannot know (no reply, a gateway's 502/503/504, a reply it
 * cannot read) may have been saved: the person is told not to send it again (spec 001 §8).
 */
const OUTCOME_UNKNOWN_STATUSES = new Set([502, 503, 504]);
const outcomeUnknown = (method: string, fallback: string): string =>
  method.toUpperCase() === 'POST' ? i18n.t('common:errors.submitFailed') : fallback;

/** Sends one console call and unwraps the `{success, message, data}` envelope. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
  const quiet = options.quiet ?? false;
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: withExtraHeaders(buildHeaders(hasBody), options.headers),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return fail(new ApiError(outcomeUnknown(method, i18n.t('common:errors.network')), 'network', 0), quiet);
  }

  const envelope = await readEnvelope(response);
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(quiet);
    const message = httpErrorMessage(response.status, envelope?.message);
    return fail(
      new ApiError(
        OUTCOME_UNKNOWN_STATUSES.has(response.status) && !envelope ? outcomeUnknown(method, message) : message,
        'http',
        response.status,
      ),
      quiet,
    );
  }
  if (!envelope)
    return fail(
      new ApiError(outcomeUnknown(method, i18n.t('common:errors.unreadableReply')), 'http', response.status),
      quiet,
    );
  if (!envelope.success) {
    // The server already localised its message from Accept-Language.
    const text = envelope.message || i18n.t('common:errors.generic', { message: response.status });
    return fail(new ApiError(text, 'business', response.status), quiet);
  }
  // Spread first: a few replies carry a field beside `data` (the payment `url` of /api/user/pay).
  return { ...envelope, success: true, message: envelope.message ?? '', data: envelope.data as T };
}

async function requestData<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(method, path, options)).data;
}

/** Shorthands that resolve to `data`; use `apiRequest` when the reply's message matters. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => requestData<T>('GET', path, options),
  delete: <T>(path: string, options?: RequestOptions) => requestData<T>('DELETE', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestData<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => requestData<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestData<T>('PATCH', path, { ...options, body }),
};

/** What `validated` checks a reply with: a zod schema of the contract, or anything with its `safeParse`. */
export interface ReplySchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A reply's data checked against the contract's schema; one that does not match is an unreadable reply. */
export function validated<T>(schema: ReplySchema<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(i18n.t('common:errors.unreadableReply'), 'http', 200);
  return result.data;
}
