import type { ServerResponse } from 'node:http';

/** Where an attempt's answer goes: the client's HTTP response, or nowhere (channel tests). */
export interface ClientSink {
  readonly gone: boolean;
  sendWhole(status: number, contentType: string, body: Buffer): void;
  /** Writes the stream's head; it leaves with the first bytes (one write), or with `flushHead`. */
  startStream(): void;
  /** Sends the head now when no bytes went yet (the upstream keeps the client waiting). */
  flushHead(): void;
  /** Resolves when the client can take more (backpressure). */
  write(chunk: Buffer): Promise<void> | void;
  /** Ends the stream, with its last bytes when given. */
  endStream(last?: Buffer): void;
}

/** The head of a streamed answer, as a literal per call (a spread of a shared object costs more). */
const sseHeaders = (requestId: string) => ({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
  'x-request-id': requestId,
});

/**
 * Writes straight to Node's response (the route has hijacked the Fastify reply). A client that takes
 * nothing for `stallTimeoutMs` while a write waits (its socket's buffers stay full: it stopped
 * reading) is cut: the response is destroyed, which aborts the upstream call.
 */
export class HttpSink implements ClientSink {
  private streamedBytes = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly requestId: string,
    private readonly stallTimeoutMs: number,
  ) {}

  get gone(): boolean {
    return this.response.destroyed || (this.response.writableEnded === false && this.response.socket === null);
  }

  sendWhole(status: number, contentType: string, body: Buffer): void {
    this.response.writeHead(status, {
      'content-type': contentType,
      'content-length': body.length,
      'x-request-id': this.requestId,
    });
    this.response.end(body);
  }

  startStream(): void {
    this.response.writeHead(200, sseHeaders(this.requestId));
  }

  flushHead(): void {
    if (!this.streamedBytes && !this.response.destroyed && !this.response.writableEnded) this.response.flushHeaders();
  }

  write(chunk: Buffer): Promise<void> | void {
    if (chunk.length === 0 || this.response.destroyed) return;
    this.streamedBytes = true;
    if (this.response.write(chunk)) return;
    // Only a slow client gets here, so the timer costs nothing on the usual path.
    return new Promise((resolve) => {
      const stalled = setTimeout(() => this.response.destroy(), this.stallTimeoutMs);
      const done = () => {
        clearTimeout(stalled);
        this.response.off('drain', done);
        this.response.off('close', done);
        resolve();
      };
      this.response.once('drain', done);
      this.response.once('close', done);
    });
  }

  endStream(last?: Buffer): void {
    if (this.response.writableEnded) return;
    if (last && last.length > 0 && !this.response.destroyed) {
      this.streamedBytes = true;
      this.response.end(last);
    } else this.response.end();
  }
}

/** Swallows the answer: channel tests only need the usage and the timing. */
export class DiscardSink implements ClientSink {
  readonly gone = false;
  status = 0;
  sendWhole(status: number): void {
    this.status = status;
  }
  startStream(): void {}
  flushHead(): void {}
  write(): void {}
  endStream(): void {}
}
