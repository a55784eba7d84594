import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { jsonBodyProblem, jsonFaultText, urlHoldsNul } from '../platform/json-guard';
import { parseInThread, THREAD_PARSE_BYTES } from '../platform/threads/json-parse';
import { rememberParsed } from './formats/body-json';
import { fill, type Text } from '../platform/text';
import { authenticateSession, authenticateToken } from './authenticate';
import { anthropicMessagesDialect } from './formats/anthropic-messages';
import { geminiDialect } from './formats/gemini';
import type { InboundDialect } from './formats/inbound-dialect';
import { openAIDialect } from './formats/openai-chat';
import { invalidRequest, RelayError } from './relay-error';
import type { RelayServices } from './relay-services';
import { messages } from '../platform/i18n/catalogue';

const MIB = 1024 * 1024;

/**
 * Largest request body per relay route, sized to what the upstreams accept: chat-like calls may
 * carry images inline (OpenAI takes up to 50 MB a request, Anthropic 32 MB, Gemini 20 MB); audio
 * files are at most 25 MB (plus the multipart framing); image edits take images of up to 50 MB.
 */
export const RELAY_BODY_LIMITS = {
  chat: 50 * MIB,
  audio: 26 * MIB,
  imageEdits: 64 * MIB,
  other: 8 * MIB,
  /** count_tokens is free: its prompt is counted by the gateway, so it takes less than a call */
  countTokens: 4 * MIB,
} as const;

const CHAT_LIKE =
  /^\/(v1\/(chat\/completions|completions|responses|messages)|v1beta\/models\/|v1\/models\/[^/]+:|pg\/)/;

/** The body limit of a relay route, by its path. */
export function bodyLimitFor(path: string): number {
  if (path.startsWith('/v1/audio/transcriptions') || path.startsWith('/v1/audio/translations'))
    return RELAY_BODY_LIMITS.audio;
  if (path.startsWith('/v1/images/edits')) return RELAY_BODY_LIMITS.imageEdits;
  if (path.startsWith('/v1/messages/count_tokens') || /^\/v1(beta)?\/models\/[^/?]+:countTokens(\?|$)/.test(path))
    return RELAY_BODY_LIMITS.countTokens;
  return CHAT_LIKE.test(path) ? RELAY_BODY_LIMITS.chat : RELAY_BODY_LIMITS.other;
}

/** The dialect a client on `path` speaks, for errors answered before its route runs. */
export function dialectForPath(path: string): InboundDialect {
  if (path.startsWith('/v1/messages')) return anthropicMessagesDialect;
  if (path.startsWith('/v1beta/')) return geminiDialect;
  return openAIDialect;
}

const tooLarge = (request: FastifyRequest) =>
  new RelayError(
    fill(messages.bodyGuard.tooLarge, { limit: Math.floor(bodyLimitFor(request.url) / MIB) }),
    413,
    'request_body_too_large',
    'invalid_request_error',
  );

/** Fastify's body-too-large error, said as a relay error; null for any other error. */
export function bodyErrorOf(error: FastifyError, request: FastifyRequest): RelayError | null {
  return error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge(request) : null;
}

const JSON_START = new Set([0x7b, 0x5b]);
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

function looksLikeJson(body: Buffer): boolean {
  let at = 0;
  while (at < body.length && WHITESPACE.has(body[at] as number)) at += 1;
  return JSON_START.has(body[at] as number);
}

/**
 * The relay's body parser: keeps the client's bytes (forwarded untouched when possible). A JSON body
 * with a NUL character, nesting or elements past platform/json-guard.ts's limits is refused with 400
 * in the client's dialect before anything reads it; multipart and other bodies pass as they are. A JSON
 * body of THREAD_PARSE_BYTES or more is scanned and parsed in a thread, and its value kept for the route.
 */
export function keepRelayBody(
  request: FastifyRequest,
  body: Buffer,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  const multipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
  if (multipart || !looksLikeJson(body)) return done(null, body);
  if (body.length >= THREAD_PARSE_BYTES) {
    parseInThread(body).then((parsed) => {
      if ('fault' in parsed) return done(invalidBody(jsonFaultText(parsed.fault)!));
      rememberParsed(parsed.body, parsed);
      done(null, parsed.body);
    }, done);
    return;
  }
  const problem = jsonBodyProblem(body);
  if (problem) return done(invalidBody(problem));
  done(null, body);
}

const invalidBody = (problem: Text) => invalidRequest(problem, 'invalid_request_body');

const hasNoBody = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/**
 * Bytes of request bodies held at once across all calls (RELAY_BODY_MEMORY_MB): a body's declared
 * length is counted before it is read (chunked bodies as they arrive) until its answer is sent.
 */
class BodyBudget {
  private held = 0;

  constructor(private readonly limit: number) {}

  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.held -= bytes;
  }
}

const busy = () => new RelayError(messages.bodyGuard.busy, 503, 'upload_capacity_reached', 'api_error');

/**
 * After an answer to a request whose body was refused or cut short: the rest of the body is read
 * and thrown away (closing at once would reset the connection and lose the answer on its way to
 * the client), for at most `lingerMs`, after which the connection is closed.
 */
export function discardUnreadBody(request: FastifyRequest, reply: FastifyReply, lingerMs: number): void {
  reply.raw.once('finish', () => {
    const incoming = request.raw;
    if (incoming.complete) return;
    const timer = setTimeout(() => incoming.socket?.destroy(), lingerMs);
    incoming.once('end', () => clearTimeout(timer));
    incoming.once('close', () => clearTimeout(timer));
    incoming.resume();
  });
}

/**
 * Every relay route authenticates before a byte of its body is read, so an anonymous client cannot
 * make the server hold anything; each route reads at most its limit, within RELAY_BODY_TIMEOUT, and
 * bodies held at once stay within RELAY_BODY_MEMORY_MB.
 */
export function guardRelayBodies(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const timeoutMs = context.config.RELAY_BODY_TIMEOUT * 1000;
  const budget = new BodyBudget(context.config.RELAY_BODY_MEMORY_MB * MIB);
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= bodyLimitFor(route.url ?? route.path);
  });
  // A callback hook, not an async one: in steady state authentication answers at once, and the
  // promise machinery of an async hook cost more than the hook's own work.
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (urlHoldsNul(request.url)) return done(invalidRequest(messages.jsonGuard.nul, 'invalid_request'));
    if (hasNoBody(request)) return done(null, payload);
    const admit = () => {
      let held = Number(request.headers['content-length'] ?? 0);
      if (held > (request.routeOptions.bodyLimit ?? RELAY_BODY_LIMITS.other)) throw tooLarge(request);
      if (!budget.take(held)) throw busy();
      reply.raw.once('close', () => budget.give(held));
      // Errors go to the body parser while it listens; once it stopped, the request is being discarded.
      const fail = (error: RelayError) => {
        if (payload.listenerCount('error') > 0) payload.emit('error', error);
      };
      if (request.headers['content-length'] === undefined) {
        const count = (chunk: Buffer) => {
          if (budget.take(chunk.length)) held += chunk.length;
          else {
            payload.off('data', count);
            fail(busy());
          }
        };
        payload.on('data', count);
      }
      if (request.raw.complete) return;
      const timer = setTimeout(() => {
        const seconds = context.config.RELAY_BODY_TIMEOUT;
        fail(
          new RelayError(
            fill(messages.bodyGuard.tooSlow, { seconds }),
            408,
            'request_body_timeout',
            'invalid_request_error',
          ),
        );
      }, timeoutMs);
      const stop = () => clearTimeout(timer);
      payload.once('end', stop);
      payload.once('close', stop);
    };
    const admitted = () => {
      try {
        admit();
      } catch (error) {
        return done(error as Error);
      }
      done(null, payload);
    };
    let authenticated: unknown;
    try {
      authenticated = request.url.startsWith('/pg/')
        ? authenticateSession(context, services, request, undefined)
        : authenticateToken(context, services, request);
    } catch (error) {
      return done(error as Error);
    }
    if (authenticated instanceof Promise) authenticated.then(admitted, (error: Error) => done(error));
    else admitted();
  });
}
