import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake } from './loopback-server';

const CHUNK = Buffer.alloc(64 * 1024, 7);

/**
 * Files on 127.0.0.1 for outbound fetches: `/bytes/{n}` answers n bytes of image/png, `/endless`
 * streams 64 KB pieces until the client hangs up (at most `/endless?mb=` MB, 200 by default),
 * `/redirect?to=` answers 302 to `to`, `/status/{code}` an empty answer with that status, `/hang` never answers.
 * Counts the requests and the bytes it wrote.
 */
export class FakeFileServer extends LoopbackFake {
  requests = 0;
  bytesSent = 0;
  /** resolved when an endless answer ended: the bytes written by then */
  endlessClosed: Promise<number> = new Promise(() => {});

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.resume();
    this.requests += 1;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const bytes = /^\/bytes\/(\d+)/.exec(url.pathname);
    if (bytes) {
      const size = Number(bytes[1]);
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': size });
      response.end(Buffer.alloc(size, 1));
      this.bytesSent += size;
      return;
    }
    if (url.pathname === '/endless')
      return this.endless(response, Number(url.searchParams.get('mb') ?? 200) * 1024 * 1024);
    if (url.pathname === '/hang') return;
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    const status = /^\/status\/(\d{3})$/.exec(url.pathname);
    response.writeHead(status ? Number(status[1]) : 404).end();
  }

  private endless(response: ServerResponse, limit: number): void {
    let written = 0;
    this.endlessClosed = new Promise((resolve) => response.on('close', () => resolve(written)));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"issuer":"');
    const pump = () => {
      while (written < limit && !response.destroyed) {
        written += CHUNK.length;
        this.bytesSent += CHUNK.length;
        if (!response.write(CHUNK)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end('"}');
    };
    pump();
  }
}
