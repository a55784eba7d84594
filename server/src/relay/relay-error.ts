import { fill, type Text } from '../platform/text';
import { messages } from '../platform/i18n/catalogue';

/** OpenAI error `type` values the gateway answers with. */
export type RelayErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'insufficient_quota'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'upstream_error'
  | 'api_error'
  | 'new_api_error';

/**
 * A failed relay call: a stable code, the HTTP status the client gets, whether another channel may
 * succeed (drives failover), and the message in both languages.
 */
export class RelayError extends Error {
  constructor(
    readonly text: Text,
    readonly status: number,
    readonly code: string,
    readonly type: RelayErrorType,
    readonly retryable = false,
  ) {
    super(text.en);
  }

  /** The client-facing OpenAI shape. */
  toOpenAI(language: 'zh' | 'en', requestId: string) {
    return {
      error: {
        message: `${this.text[language]} (request id: ${requestId})`,
        type: this.type,
        param: '',
        code: this.code,
      },
    };
  }

  /** The same error (class and fields) with another message, e.g. with secrets taken out of it. */
  withText(text: Text): this {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this, { text });
    Object.defineProperty(copy, 'message', { value: text.en, writable: true, configurable: true });
    Object.defineProperty(copy, 'stack', { value: this.stack, writable: true, configurable: true });
    return copy;
  }
}

/**
 * An error answered by an upstream: its status and body, possibly remapped by the channel; `code` and
 * `upstreamType` are the error body's own fields (what automatic disabling looks at).
 */
export class UpstreamError extends RelayError {
  constructor(
    status: number,
    message: string,
    code: string,
    retryable: boolean,
    readonly upstreamStatus: number,
    readonly upstreamType = '',
  ) {
    super({ zh: message, en: message }, status, code, 'upstream_error', retryable);
  }
}

/** The caller's request cannot be served as sent; no other channel would do better. */
export const invalidRequest = (text: Text, code: string) => new RelayError(text, 400, code, 'invalid_request_error');

/** The channel cannot serve the call as it is configured or keyed (not the caller's fault); another channel may. */
export const channelFault = (text: Text, status: number, code: string) =>
  new RelayError(text, status, code, 'new_api_error', true);

/** An upstream answered 2xx with a body that cannot be read; another channel may do better. */
export const badUpstreamBody = () =>
  new RelayError(messages.relay.upstreamBadBody, 502, 'bad_response_body', 'upstream_error', true);

/** An upstream that could not be reached (refused, reset, no route); another channel may do better. */
export function upstreamUnreachable(error: unknown): RelayError {
  const detail = error instanceof Error ? error.message : String(error);
  return new RelayError(
    fill(messages.relay.upstreamUnreachable, { detail }),
    502,
    'upstream_unreachable',
    'upstream_error',
    true,
  );
}

/** No channel of the caller's group serves the model (or every one that does has failed this call). */
export const noChannelFor = (model: string, group: string) =>
  new RelayError(fill(messages.relay.noChannel, { model, group }), 503, 'model_not_found', 'new_api_error');
