import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { fill } from '../platform/text';
import type { Usage } from './billing/quota';
import { countTokensExactly } from './billing/estimate';
import type { CachedChannel } from './caches/channel-index';
import type { ClientSink } from './client-sink';
import type { Endpoint } from './endpoints';
import { upstreamBody, type ParsedBody } from './formats/request-body';
import { upstreamErrorFrom } from './providers/openai-compatible/errors';
import { buildUpstreamRequest } from './providers/openai-compatible/request';
import { RelayError } from './relay-error';
import { relayMessages } from './relay-messages';
import { SseUsageTap } from './stream/sse-usage-tap';
import { textOf, usageOf } from './stream/usage-fields';

const ERROR_BODY_LIMIT = 64 * 1024;

export interface AttemptOutcome {
  /** null when the upstream reported none */
  usage: Usage | null;
  /** completion tokens counted locally, for when usage is null */
  localCompletionTokens: number;
  /** milliseconds from the attempt's start to the first byte sent to the client */
  firstByteMs: number | null;
  /** the client left before the answer was complete */
  interrupted: boolean;
}

async function readLimited(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One try against one channel: sends the request, and on success relays the answer to the client
 * (whole, or event by event for streams) while reading its usage. A failure before any byte reached
 * the client throws (UpstreamError or a retryable RelayError) so the caller may fail over.
 */
export async function sendAttempt(
  dispatcher: Dispatcher,
  channel: CachedChannel,
  endpoint: Endpoint,
  body: ParsedBody,
  contentType: string,
  upstreamModel: string,
  signal: AbortSignal,
  sink: ClientSink,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const target = buildUpstreamRequest(channel, endpoint, upstreamModel, contentType, body.stream);
  let response: Dispatcher.ResponseData;
  try {
    response = await request(target.url, {
      method: 'POST',
      headers: target.headers,
      body: upstreamBody(body, upstreamModel, endpoint.streamOptions),
      signal,
      dispatcher,
    });
  } catch (error) {
    if (signal.aborted) throw new RelayError(relayMessages.clientGone, 499, 'client_gone', 'api_error');
    const detail = error instanceof Error ? error.message : String(error);
    throw new RelayError(fill(relayMessages.upstreamUnreachable, { detail }), 502, 'upstream_unreachable', 'upstream_error', true);
  }
  if (response.statusCode < 200 || response.statusCode >= 300) {
    const text = await readLimited(response.body, ERROR_BODY_LIMIT).catch(() => '');
    throw upstreamErrorFrom(response.statusCode, text, channel.statusCodeMapping);
  }
  const upstreamType = String(response.headers['content-type'] ?? 'application/json');
  if (body.stream && upstreamType.includes('text/event-stream')) {
    return relayStream(response, body, sink, started, signal);
  }
  const whole = Buffer.from(await response.body.arrayBuffer());
  sink.sendWhole(response.statusCode, upstreamType, whole);
  const firstByteMs = performance.now() - started;
  if (!upstreamType.includes('json')) return { usage: null, localCompletionTokens: 0, firstByteMs, interrupted: false };
  let payload: Record<string, unknown> | null = null;
  try {
    payload = JSON.parse(whole.toString('utf8')) as Record<string, unknown>;
  } catch {
    payload = null;
  }
  const usage = usageOf(payload);
  const localCompletionTokens = usage || !payload ? 0 : countTokensExactly(textOf(payload) || String(payload.text ?? ''));
  return { usage, localCompletionTokens, firstByteMs, interrupted: false };
}

async function relayStream(
  response: Dispatcher.ResponseData,
  body: ParsedBody,
  sink: ClientSink,
  started: number,
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const tap = new SseUsageTap(body.clientAskedUsage);
  let firstByteMs: number | null = null;
  let interrupted = false;
  sink.startStream();
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      const out = tap.push(chunk);
      if (out.length === 0) continue;
      firstByteMs ??= performance.now() - started;
      await sink.write(out);
      if (sink.gone) {
        interrupted = true;
        response.body.destroy();
        break;
      }
    }
    if (!interrupted) await sink.write(tap.end());
  } catch {
    // The upstream stream broke or the client left (abort): bill what was delivered.
    interrupted = signal.aborted || sink.gone;
  }
  sink.endStream();
  return { usage: tap.usage, localCompletionTokens: tap.localCompletionTokens(), firstByteMs, interrupted };
}
