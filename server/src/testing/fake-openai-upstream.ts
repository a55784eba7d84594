import { afterAll } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake } from './loopback-server';

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** the body text as it arrived ('' when bodies are only counted) */
  text: string;
  bytes: number;
}

export interface FakeBehaviour {
  /** answer with this status and an OpenAI error body instead of success (type `upstream_test`, code null unless given) */
  failWith?: { status: number; message: string; type?: string; code?: string };
  /** as failWith, only for calls made with one of these keys (`Authorization: Bearer <key>`) */
  failForKeys?: Record<string, { status: number; message: string; type?: string; code?: string }>;
  /** leave usage out of replies and streams */
  omitUsage?: boolean;
  /** milliseconds between stream chunks */
  chunkDelayMs?: number;
  /** words streamed (or returned) as the completion */
  words?: string[];
  promptTokens?: number;
  completionTokens?: number;
  /** count request bodies instead of reading them (huge bodies: the test's own event loop stays free) */
  onlyCountBodies?: boolean;
}

/**
 * An OpenAI-compatible upstream on 127.0.0.1 for tests: chat (stream and not), completions,
 * embeddings and models; records what it received and which streams the gateway aborted.
 */
export class FakeOpenAIUpstream extends LoopbackFake {
  readonly received: ReceivedRequest[] = [];
  abortedStreams = 0;
  behaviour: FakeBehaviour = {};

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of request) {
      bytes += (chunk as Buffer).length;
      if (!this.behaviour.onlyCountBodies) chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { raw: text };
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    this.received.push({ path, headers: request.headers, body, text, bytes });
    const behaviour = this.behaviour;
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const failure = behaviour.failForKeys?.[bearer] ?? behaviour.failWith;
    if (failure) {
      response.writeHead(failure.status, { 'content-type': 'application/json' });
      const { message, type = 'upstream_test', code = null } = failure;
      response.end(JSON.stringify({ error: { message, type, code } }));
      return;
    }
    const usage = behaviour.omitUsage
      ? undefined
      : {
          prompt_tokens: behaviour.promptTokens ?? 10,
          completion_tokens: behaviour.completionTokens ?? 20,
          total_tokens: (behaviour.promptTokens ?? 10) + (behaviour.completionTokens ?? 20),
        };
    const words = behaviour.words ?? ['Hello', ' from', ' the', ' fake', ' upstream'];
    const model = String(body.model ?? 'unknown');
    if (path.endsWith('/models'))
      return this.json(response, {
        object: 'list',
        data: [
          { id: 'gpt-4o-mini', object: 'model' },
          { id: 'gpt-4o', object: 'model' },
        ],
      });
    if (path.endsWith('/images/generations'))
      return this.json(response, { created: 1700000000, data: [{ url: 'https://images.example/cat.png' }] });
    if (path.endsWith('/embeddings')) {
      return this.json(response, {
        object: 'list',
        // As OpenAI does: base64 of the little-endian float32 values when the client asks for it.
        data: [
          {
            object: 'embedding',
            index: 0,
            embedding:
              body.encoding_format === 'base64'
                ? Buffer.from(new Float32Array([0.1, 0.2, 0.3]).buffer).toString('base64')
                : [0.1, 0.2, 0.3],
          },
        ],
        model,
        usage: usage && { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens },
      });
    }
    if (body.stream === true) return this.stream(request, response, model, words, usage, behaviour.chunkDelayMs ?? 0);
    return this.json(response, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1700000000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' }],
      ...(usage ? { usage } : {}),
    });
  }

  private json(response: ServerResponse, payload: unknown): void {
    const text = JSON.stringify(payload);
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }

  private async stream(
    request: IncomingMessage,
    response: ServerResponse,
    model: string,
    words: string[],
    usage: Record<string, number> | undefined,
    delayMs: number,
  ): Promise<void> {
    let aborted = false;
    response.on('close', () => {
      if (!response.writableFinished) {
        aborted = true;
        this.abortedStreams += 1;
      }
    });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1700000000, model };
    const send = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
    for (const word of words) {
      if (aborted) return;
      send({ ...base, choices: [{ index: 0, delta: { content: word }, finish_reason: null }] });
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    if (aborted) return;
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    const includeUsage = (this.received.at(-1)?.body.stream_options as { include_usage?: boolean } | undefined)
      ?.include_usage;
    if (usage && includeUsage) send({ ...base, choices: [], usage });
    response.end('data: [DONE]\n\n');
    void request;
  }
}

/** Starts fake OpenAI upstreams on demand for the calling file or describe block; all are stopped after its tests. */
export function fakeUpstreams(): () => Promise<FakeOpenAIUpstream> {
  const started: FakeOpenAIUpstream[] = [];
  afterAll(async () => {
    for (const upstream of started) await upstream.stop();
  });
  return async () => {
    const upstream = await new FakeOpenAIUpstream().start();
    started.push(upstream);
    return upstream;
  };
}
