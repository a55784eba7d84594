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
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request: FakeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.received.push(request);
    const answer = this.handler(request);
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  }
}
