import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake } from './loopback-server';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** the raw body text (JSON or a form) */
  body: string;
}

export type FakeHandler = (request: FakeRequest) => {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
};

/** What a fake reads of a request: its method, its URL (resolved against 127.0.0.1), headers and whole body. */
export async function readIncoming(incoming: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return {
    method: incoming.method ?? 'GET',
    url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
    headers: incoming.headers,
    body: Buffer.concat(chunks),
  };
}

/**
 * A small HTTP server on 127.0.0.1 answering JSON from a handler, for third-party services in tests
 * (OAuth providers, the human check, the WeChat server). Records every request.
 */
export class FakeJsonServer extends LoopbackFake {
  readonly received: FakeRequest[] = [];

  constructor(public handler: FakeHandler) {
    super();
  }

  protected async handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const { url, body, ...read } = await readIncoming(incoming);
    const request: FakeRequest = { ...read, path: url.pathname, query: url.searchParams, body: body.toString('utf8') };
    this.received.push(request);
    const answer = this.handler(request);
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  }
}
