import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** the raw body text (JSON or a form) */
  body: string;
}

export type FakeHandler = (request: FakeRequest) => { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * A small HTTP server on 127.0.0.1 answering JSON from a handler, for third-party services in tests
 * (OAuth providers, the human check, the WeChat server). Records every request.
 */
export class FakeJsonServer {
  readonly received: FakeRequest[] = [];
  url = '';
  private server: Server | null = null;

  constructor(public handler: FakeHandler) {}

  async start(): Promise<this> {
    this.server = createServer((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
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
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
