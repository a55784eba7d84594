import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { CallerFetcher } from '../platform/outbound/caller-fetcher';
import type { Usage } from './billing/quota';
import { countTokens } from '../platform/token-counter/token-counter';
import type { CachedChannel } from './caches/channel-index';
import type { ClientSink } from './client-sink';
import { ConvertedStream, convertedWhole } from './conversion';
import { chatEndpoint, type Endpoint } from './endpoints';
import type { InboundDialect } from './formats/inbound-dialect';
import type { ParsedBody } from './formats/request-body';
import type { ProviderAdapter, StreamRelay, UpstreamRequest, UpstreamTarget, WholeAnswer } from './providers/provider';
import type { AdapterSettings } from './providers/adapter-settings';
import { adapterFor } from './providers/registry';
import { RelayError, upstreamUnreachable } from './relay-error';
import { ScrubbedStream, withoutSecrets } from './relay-error-scrub';
import { shutdownCut, type RelaySignal } from './client-abort';
import type { CompletionGuard } from './sensitive/completion-guard';
import { UpstreamExchange } from './upstream-exchange';
import { embeddingBytesAsRequested } from './formats/embedding-encoding';
import { messages } from '../platform/i18n/catalogue';

const ERROR_BODY_LIMIT = 64 * 1024;

/** undici's code for an upstream that sent no headers within RELAY_TIMEOUT */
const headersTimedOut = (error: unknown) => (error as { code?: unknown } | null)?.code === 'UND_ERR_HEADERS_TIMEOUT';

export interface AttemptOutcome {
  /** null when the upstream reported none */
  usage: Usage | null;
  /**
   * completion tokens counted locally, for when usage is null (a promise while a counting thread
   * counts them: the bill, tracked as background work, waits for it, the answer does not)
   */
  localCompletionTokens: number | Promise<number>;
  /** milliseconds from the attempt's start to the first byte sent to the client */
  firstByteMs: number | null;
  /** the client left before the answer was complete */
  interrupted: boolean;
}

/** One try against one channel, as the pipeline describes it. */
export interface AttemptInput {
  channel: CachedChannel;
  /** the client's endpoint */
  endpoint: Endpoint;
  dialect: InboundDialect;
  body: ParsedBody;
  contentType: string;
  clientHeaders: IncomingHttpHeaders;
  upstreamModel: string;
  settings: AdapterSettings;
  outbound?: CallerFetcher;
  signal: RelaySignal;
  sink: ClientSink;
  /** watches the completion for sensitive words (CheckSensitiveOnCompletionEnabled) */
  guard?: CompletionGuard | null;
  /** client headers passed to the upstream when it sets none of that name (a channel-affinity rule's template) */
  passHeaders?: readonly string[] | undefined;
}

/** Adds the named client headers the upstream request does not already carry (names compared ignoring case). */
function passClientHeaders(
  headers: Record<string, string>,
  client: IncomingHttpHeaders,
  names: readonly string[],
): void {
  const present = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  for (const name of names) {
    const lower = name.toLowerCase();
    const value = client[lower];
    const text = Array.isArray(value) ? value[0] : value;
    if (text && !present.has(lower)) {
      headers[lower] = text;
      present.add(lower);
    }
  }
}

/** How the attempt talks to the upstream and how the answer reaches the client. */
interface AttemptPlan {
  adapter: ProviderAdapter;
  request: Promise<UpstreamRequest>;
  whole(bytes: Buffer, contentType: string): WholeAnswer;
  stream(): StreamRelay;
}

/**
 * Same dialect on both sides: the adapter's native path (a plain passthrough for OpenAI); otherwise
 * the client's request goes through the internal OpenAI chat shape and the answer comes back.
 * With `global.pass_through_request_enabled` every call takes the native path and the client's bytes
 * are the upstream body: the adapter still chooses the address (model in the path for Gemini,
 * Vertex and Bedrock) and the credentials, and the answer comes back in the upstream's own shape.
 */
function planOf(input: AttemptInput): AttemptPlan {
  const adapter = adapterFor(input.channel.type);
  const { channel, dialect, body, upstreamModel, contentType, clientHeaders, settings, outbound } = input;
  const target: UpstreamTarget = {
    channel,
    endpoint: input.endpoint,
    upstreamModel,
    stream: body.stream,
    contentType,
    clientHeaders,
    settings,
    outbound,
  };
  if (settings.passThrough || adapter.nativeDialect(target) === dialect.name) {
    const request = Promise.resolve(adapter.native.request(target, body));
    return {
      adapter,
      request: settings.passThrough ? request.then((built) => ({ ...built, body: body.raw })) : request,
      whole: (bytes, type) => {
        const answer = adapter.native.whole(bytes, type, target);
        if (settings.passThrough || input.endpoint.kind !== 'embeddings') return answer;
        return { ...answer, body: embeddingBytesAsRequested(answer.body, body.json) };
      },
      stream: () => new ScrubbedStream(adapter.native.stream(target, body), channel.key),
    };
  }
  const converted: UpstreamTarget = {
    ...target,
    endpoint: dialect.name === 'openai' || input.endpoint.kind === 'embeddings' ? input.endpoint : chatEndpoint,
    contentType: 'application/json',
  };
  return {
    adapter,
    request: Promise.resolve().then(() =>
      adapter.openai.request(converted, { ...dialect.toOpenAI(body), model: upstreamModel }),
    ),
    whole: (bytes) => convertedWhole(adapter, dialect, converted, body, bytes),
    stream: () =>
      new ConvertedStream(adapter.openai.stream(converted), dialect.streamEncoder(body), (failure) =>
        withoutSecrets(failure, channel.key),
      ),
  };
}

/**
 * One try against one channel: sends the request, and on success relays the answer to the client
 * (whole, or event by event for streams) while reading its usage. A failure before any byte reached
 * the client throws (UpstreamError or a retryable RelayError) so the caller may fail over; its
 * message no longer holds the channel's key nor anything shaped like a credential.
 */
export async function sendAttempt(dispatcher: Dispatcher, input: AttemptInput): Promise<AttemptOutcome> {
  try {
    return await attemptOnce(dispatcher, input);
  } catch (error) {
    throw error instanceof RelayError ? withoutSecrets(error, input.channel.key) : error;
  }
}

async function attemptOnce(dispatcher: Dispatcher, input: AttemptInput): Promise<AttemptOutcome> {
  const started = performance.now();
  const { signal, sink, channel } = input;
  const plan = planOf(input);
  const target = await plan.request;
  if (input.passHeaders && input.passHeaders.length > 0)
    passClientHeaders(target.headers, input.clientHeaders, input.passHeaders);
  let response: UpstreamExchange;
  try {
    response = await new UpstreamExchange(
      dispatcher,
      { url: target.url, method: target.method ?? 'POST', headers: target.headers, body: target.body },
      signal,
    ).headers;
  } catch (error) {
    if (signal.aborted) throw new RelayError(messages.relay.clientGone, 499, 'client_gone', 'api_error');
    if (headersTimedOut(error)) {
      throw new RelayError(messages.relay.upstreamTimeout, 504, 'upstream_timeout', 'upstream_error', true);
    }
    throw upstreamUnreachable(error);
  }
  if (response.statusCode < 200 || response.statusCode >= 300) {
    const text = await response.text(ERROR_BODY_LIMIT).catch(() => '');
    throw plan.adapter.errorFrom(response.statusCode, text, channel);
  }
  const upstreamType = response.contentType;
  if (input.body.stream && !upstreamType.includes('application/json')) {
    return relayStream(response, plan.stream(), input, started);
  }
  const whole = plan.whole(await response.bytes(), upstreamType);
  const answer = input.guard ? input.guard.whole(whole) : whole;
  sink.sendWhole(response.statusCode, answer.contentType, answer.body);
  const localCompletionTokens = answer.usage ? 0 : countTokens(answer.text);
  return { usage: answer.usage, localCompletionTokens, firstByteMs: performance.now() - started, interrupted: false };
}

async function relayStream(
  response: UpstreamExchange,
  relay: StreamRelay,
  input: AttemptInput,
  started: number,
): Promise<AttemptOutcome> {
  const { sink, signal, guard } = input;
  let firstByteMs: number | null = null;
  let interrupted = false;
  /** what is left to send once the upstream ended: it leaves with the end of the answer */
  const rest: Buffer[] = [];
  sink.startStream();
  // The head goes with the first event when that comes within this turn of the event loop, and with
  // the end when the upstream already sent everything; otherwise the client should not wait for it.
  const headTimer = setImmediate(() => {
    if (!response.complete) sink.flushHead();
  });
  try {
    for await (const chunk of response) {
      const out = guard ? guard.stream(relay.push(chunk)) : relay.push(chunk);
      if (guard?.tripped) {
        await sink.write(
          Buffer.concat([
            ...rest,
            out,
            input.dialect.streamEncoder(input.body).error?.(guard.error()) ?? Buffer.alloc(0),
          ]),
        );
        rest.length = 0;
        interrupted = true;
        response.destroy();
        break;
      }
      if (out.length === 0) continue;
      firstByteMs ??= performance.now() - started;
      // The answer's end waits for its bill to be durable; events that came after the upstream
      // ended go with it, in one write (each write costs more than anything else a stream does).
      if (response.complete) {
        rest.push(out);
        continue;
      }
      // Awaited only when the client is slow: an await costs a turn of the microtask queue per event.
      const drained = sink.write(out);
      if (drained) await drained;
      if (sink.gone) {
        interrupted = true;
        response.destroy();
        break;
      }
    }
    if (!interrupted) rest.push(relay.end());
  } catch {
    // The upstream stream broke or the client left (abort): bill what was delivered.
    interrupted = signal.aborted || sink.gone;
    // A stream the shutdown cut tells its client why it ends early.
    if (signal.reason === 'shutdown' && !sink.gone)
      rest.push(input.dialect.streamEncoder(input.body).error?.(shutdownCut()) ?? Buffer.alloc(0));
  }
  clearImmediate(headTimer);
  const last = rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : Buffer.concat(rest);
  sink.endStream(last);
  // Counted only without upstream usage: a count is a message to a counting thread.
  const localCompletionTokens = relay.usage ? 0 : relay.localCompletionTokens();
  return { usage: relay.usage, localCompletionTokens, firstByteMs, interrupted };
}
