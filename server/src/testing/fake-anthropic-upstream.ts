import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeEventStreamMessage } from './event-stream-encoder';
import { LoopbackFake } from './loopback-server';
import { verifySigV4 } from './sigv4-verifier';

const FIXTURES = new URL('../relay/providers/anthropic/__fixtures__/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/** A 1×1 PNG the fake serves at /images/pixel.png (for image URLs a gateway must inline). */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** `overloaded-midway` streams a little text, then Anthropic's in-stream `overloaded_error`. */
export type AnthropicFixture = 'text' | 'tool-use' | 'overloaded-midway';

export interface ReceivedAnthropicRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** the bytes as they arrived */
  raw: Buffer;
  /** Bedrock only: whether the SigV4 signature checked out against the secret key */
  signatureValid?: boolean;
}

export interface FakeAnthropicBehaviour {
  /** recorded answer replayed (default `text`) */
  fixture?: AnthropicFixture;
  /** answer with this status and a recorded Anthropic error body */
  failWith?: { status: number; fixture: 'error-invalid-request' | 'error-overloaded' };
}

/** The data lines of a recorded SSE stream: one Claude event JSON each. */
function sseEvents(text: string): string[] {
  return text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6),
    )
    .filter((data): data is string => Boolean(data));
}

/**
 * Anthropic's Messages API and Bedrock's InvokeModel (with its binary event-stream) on 127.0.0.1, and
 * an image at /images/pixel.png,
 * replaying recorded answers from `relay/providers/anthropic/__fixtures__`. Bedrock calls must carry a
 * valid SigV4 signature for `secretAccessKey` (checked independently of the signing package).
 */
export class FakeAnthropicUpstream extends LoopbackFake {
  readonly received: ReceivedAnthropicRequest[] = [];
  behaviour: FakeAnthropicBehaviour = {};

  constructor(private readonly secretAccessKey = 'test-secret-key') {
    super();
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.url === '/images/pixel.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PIXEL_PNG);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const body = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
    const bedrock = /^\/model\/[^/]+\/invoke(-with-response-stream)?$/.exec(path);
    const received: ReceivedAnthropicRequest = { path, headers: request.headers, body, raw };
    if (bedrock && !String(request.headers.authorization).startsWith('Bearer ')) {
      received.signatureValid = verifySigV4(
        { method: request.method ?? 'POST', path, headers: request.headers, body: raw },
        this.secretAccessKey,
      ).valid;
    }
    this.received.push(received);
    const { failWith, fixture: name = 'text' } = this.behaviour;
    if (received.signatureValid === false) {
      return this.send(
        response,
        403,
        'application/json',
        JSON.stringify({ message: 'The request signature we calculated does not match the signature you provided.' }),
      );
    }
    if (failWith) return this.send(response, failWith.status, 'application/json', fixture(`${failWith.fixture}.json`));
    if (bedrock) {
      return bedrock[1]
        ? this.bedrockStream(response, sseEvents(fixture(`${name}.sse`)))
        : this.send(response, 200, 'application/json', fixture(`${name}.json`));
    }
    if (path !== '/v1/messages')
      return this.send(
        response,
        404,
        'application/json',
        '{"type":"error","error":{"type":"not_found_error","message":"Not found"}}',
      );
    if (body.stream === true) return this.sseStream(response, fixture(`${name}.sse`));
    return this.send(response, 200, 'application/json', fixture(`${name}.json`));
  }

  private send(response: ServerResponse, status: number, contentType: string, text: string): void {
    response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }

  /** Replays the recorded events one write each, as Anthropic flushes them. */
  private sseStream(response: ServerResponse, text: string): void {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    for (const block of text.split('\n\n').filter((part) => part.trim())) response.write(`${block}\n\n`);
    response.end();
  }

  /** Bedrock's framing: each Claude event base64-encoded in a `chunk` event-stream message. */
  private bedrockStream(response: ServerResponse, events: string[]): void {
    response.writeHead(200, {
      'content-type': 'application/vnd.amazon.eventstream',
      'x-amzn-bedrock-content-type': 'application/json',
    });
    for (const data of events) {
      const event = JSON.parse(data) as Record<string, unknown>;
      if (event.type === 'message_stop')
        event['amazon-bedrock-invocationMetrics'] = {
          inputTokenCount: 100,
          outputTokenCount: 50,
          invocationLatency: 812,
          firstByteLatency: 401,
        };
      const payload = Buffer.from(
        JSON.stringify({
          bytes: Buffer.from(JSON.stringify(event)).toString('base64'),
          p: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0',
        }),
      );
      response.write(
        encodeEventStreamMessage(
          { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
          payload,
        ),
      );
    }
    response.end();
  }
}
