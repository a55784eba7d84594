import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface LoopbackServer {
  url: string;
  stop(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 and a free port, for fake upstreams in tests. */
export async function startLoopbackServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request's body as JSON (an empty body is an empty object). */
export async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A fake upstream: a loopback server whose requests go to `handle`; `url` is set once started. */
export abstract class LoopbackFake {
  url = '';
  private server: LoopbackServer | null = null;

  async start(): Promise<this> {
    this.server = await startLoopbackServer((request, response) => void this.handle(request, response));
    this.url = this.server.url;
    return this;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }

  /** Started before the tests of the calling file or describe block, stopped after them. */
  forTests(): this {
    beforeAll(() => this.start());
    afterAll(() => this.stop());
    return this;
  }

  protected abstract handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}
