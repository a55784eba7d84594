import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { scrubSecrets, secretsOfKey } from '../../domain/secret-scrub';
import { fill } from '../../platform/text';
import { upstreamAnswerOf } from '../parse-json';
import { UpstreamError, upstreamUnreachable } from '../relay-error';
import { messages } from '../../platform/i18n/catalogue';

const ERROR_DETAIL_LIMIT = 500;

export interface UpstreamCall {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer | string;
  signal?: AbortSignal;
}

/** Sends one request to a task upstream; a network failure is a retryable RelayError. */
export async function callUpstream(dispatcher: Dispatcher, call: UpstreamCall): Promise<Dispatcher.ResponseData> {
  try {
    return await request(call.url, {
      method: call.method ?? 'POST',
      headers: call.headers,
      body: call.body,
      signal: call.signal,
      dispatcher,
    });
  } catch (error) {
    throw upstreamUnreachable(error);
  }
}

const credentialHeader = /authorization|key|secret|token/i;

/** The credentials a call carries in its headers (the channel's key, however the platform sends it). */
const sentSecrets = (headers: Record<string, string>): string[] =>
  Object.entries(headers)
    .filter(([name]) => credentialHeader.test(name))
    .flatMap(([, value]) => secretsOfKey(value.replace(/^(Bearer|Basic)\s+/i, '')));

/**
 * The status the client gets for an upstream's error: the upstream's own for a bad request, but 502 when
 * the upstream refused the channel's key (401/403: the gateway's fault, not the client's) or failed.
 */
function clientStatusOf(upstreamStatus: number): number {
  return upstreamStatus === 401 || upstreamStatus === 403 || upstreamStatus >= 500 ? 502 : upstreamStatus;
}

/**
 * Sends a request and reads its JSON answer through the schema. A non-2xx answer is an UpstreamError
 * (retryable for 429 and 5xx, so the submit moves to another channel); an unreadable body is a 502.
 */
export async function upstreamJson<T>(dispatcher: Dispatcher, call: UpstreamCall, schema: z.ZodType<T>): Promise<T> {
  const response = await callUpstream(dispatcher, call);
  const text = await response.body.text();
  if (response.statusCode < 200 || response.statusCode >= 300) {
    const detail = scrubSecrets(text, sentSecrets(call.headers)).slice(0, ERROR_DETAIL_LIMIT);
    const retryable = response.statusCode === 429 || response.statusCode >= 500;
    const message = fill(messages.relayTask.upstreamStatus, { status: response.statusCode, detail }).en;
    throw new UpstreamError(
      clientStatusOf(response.statusCode),
      message,
      'upstream_error',
      retryable,
      response.statusCode,
    );
  }
  return upstreamAnswerOf(schema, text);
}

/** JSON body text of a plain object. */
export const jsonBody = (value: unknown) => JSON.stringify(value);
