import type { Usage } from '../billing/quota';
import type { Endpoint } from '../endpoints';
import type { Dialect } from '../providers/provider';
import type { RelayError } from '../relay-error';
import type { ChatChunk, ChatCompletion, ChatRequest } from './openai-chat-types';
import type { ParsedBody } from './request-body';

/** What the route knows besides the body (Gemini puts the model and the streaming flag in the path). */
export interface RouteFacts {
  endpoint: Endpoint;
  contentType: string;
  /** model named by the path, when the dialect puts it there */
  pathModel?: string;
  /** streaming decided by the path (`:streamGenerateContent`) */
  pathStream?: boolean;
}

/** Writes OpenAI chat chunks as the client's own stream events. */
export interface ChunkEncoder {
  /** bytes for one chunk (possibly none, e.g. a usage-only chunk a client did not ask for) */
  chunk(chunk: ChatChunk): Buffer;
  /** the closing bytes, once the upstream is done; usage is what the upstream reported */
  finish(usage: Usage | null): Buffer;
  /** the event telling the client the stream failed midway (instead of `finish`) */
  error?(error: RelayError): Buffer;
}

/**
 * One API shape clients speak (a file under relay/formats). Requests reach channels of another
 * dialect through the internal OpenAI chat shape: `toOpenAI` on the way in, `fromOpenAI` and
 * `streamEncoder` on the way out. Errors always answer in the dialect's own shape.
 */
export interface InboundDialect {
  readonly name: Dialect;
  /** reads model, stream flag and max tokens; throws a RelayError (400) on a body that is not valid */
  parse(raw: Buffer, route: RouteFacts): ParsedBody;
  /** the client's request as an OpenAI chat request (model: the client's model name) */
  toOpenAI(body: ParsedBody): ChatRequest;
  /** an OpenAI chat completion as the client's response object */
  fromOpenAI(completion: ChatCompletion, body: ParsedBody): unknown;
  streamEncoder(body: ParsedBody): ChunkEncoder;
  /** the HTTP status and body of an error in the dialect's shape */
  errorReply(error: RelayError, language: 'zh' | 'en', requestId: string): { status: number; body: unknown };
}
