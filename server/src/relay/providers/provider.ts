import type { IncomingHttpHeaders } from 'node:http';
import type { Usage } from '../billing/quota';
import type { CachedChannel } from '../caches/channel-index';
import type { Endpoint } from '../endpoints';
import type { ParsedBody } from '../formats/request-body';
import type { ChatChunk, ChatCompletion, ChatRequest } from '../formats/openai-chat-types';
import type { RelayError, UpstreamError } from '../relay-error';
import type { CallerFetcher } from '../../platform/outbound/caller-fetcher';
import type { AdapterSettings } from './adapter-settings';

/** The API shapes the gateway speaks: with clients (inbound) and with upstreams (native to an adapter). */
export type Dialect = 'openai' | 'anthropic' | 'gemini';

/** Everything an adapter knows about the attempt it prepares. */
export interface UpstreamTarget {
  channel: CachedChannel;
  /**
   * The call the upstream request makes: the client's own endpoint on the native path; the OpenAI chat
   * endpoint when the request was converted.
   */
  endpoint: Endpoint;
  /** the model name after the channel's model mapping */
  upstreamModel: string;
  stream: boolean;
  /** content type of the client's body (multipart bodies keep their boundary) */
  contentType: string;
  /** the client's request headers, for values passed through (e.g. `anthropic-version`, `anthropic-beta`) */
  clientHeaders: IncomingHttpHeaders;
  /** the administrator's adapter options (claude.*, gemini.*, pass-through) at the time of the call */
  settings: AdapterSettings;
  /** the outbound guard for URLs in the caller's body an adapter must fetch (absent: internal addresses refused) */
  outbound?: CallerFetcher;
}

/** One request to send upstream; the method is POST unless told otherwise. */
export interface UpstreamRequest {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  method?: 'POST' | 'GET';
}

/** A whole upstream answer turned into what the client gets. */
export interface WholeAnswer {
  body: Buffer;
  contentType: string;
  /** null when the upstream reported none */
  usage: Usage | null;
  /** the completion's text, counted locally when usage is null */
  text: string;
}

/**
 * Carries a streamed answer to the client chunk by chunk, reading usage on the way. `push` returns
 * the bytes to send now (possibly none); memory stays bounded by one event.
 */
export interface StreamRelay {
  push(chunk: Buffer): Buffer;
  /** bytes left when the upstream ended (e.g. a final event without a blank line, a closing `[DONE]`) */
  end(): Buffer;
  readonly usage: Usage | null;
  /** completion tokens counted locally from the text seen, for when usage is null */
  localCompletionTokens(): number | Promise<number>;
}

/** Turns an upstream stream into OpenAI chat chunks (the converted path). */
export interface ChunkTranslator {
  push(chunk: Buffer): ChatChunk[];
  end(): ChatChunk[];
  readonly usage: Usage | null;
  /** set when the upstream reported an error inside the stream (e.g. Claude's `overloaded_error`) */
  readonly failure?: RelayError | null;
}

/** The adapter's own dialect, forwarded with as little change as possible. */
export interface NativePath {
  /** the request for a client body already in the adapter's dialect */
  request(target: UpstreamTarget, body: ParsedBody): UpstreamRequest | Promise<UpstreamRequest>;
  /** a whole upstream answer, for a client speaking the same dialect */
  whole(bytes: Buffer, contentType: string, target: UpstreamTarget): WholeAnswer;
  /** a streamed upstream answer, for a client speaking the same dialect */
  stream(target: UpstreamTarget, body: ParsedBody): StreamRelay;
}

/** A whole upstream answer as an OpenAI chat completion, with its usage. */
export interface OpenAIWhole {
  completion: ChatCompletion;
  usage: Usage | null;
}

/** Conversion between the internal OpenAI chat shape and the adapter's dialect. */
export interface OpenAIPath {
  /** the upstream request for an OpenAI chat request (its `model` is already the upstream model) */
  request(target: UpstreamTarget, chat: ChatRequest): UpstreamRequest | Promise<UpstreamRequest>;
  whole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole;
  /** a streamed upstream answer as OpenAI chat chunks */
  stream(target: UpstreamTarget): ChunkTranslator;
}

/**
 * One upstream family (a folder under relay/providers). The pipeline uses `native` when the client
 * speaks `nativeDialect(target)`, else converts the client's request to OpenAI chat (its inbound
 * dialect does that) and uses `openai`. Adapters know nothing of Fastify; their I/O is the returned
 * request and the bytes handed to them.
 */
export interface ProviderAdapter {
  /**
   * the dialect the upstream speaks for this target (Vertex: Claude models speak Anthropic); `own`:
   * a vendor API no client speaks, so every client goes through the OpenAI chat conversion
   */
  nativeDialect(target: UpstreamTarget): Dialect | 'own';
  native: NativePath;
  openai: OpenAIPath;
  /** an upstream error reply as an UpstreamError (message, status after the channel's mapping, failover) */
  errorFrom(status: number, bodyText: string, channel: CachedChannel): UpstreamError;
}
