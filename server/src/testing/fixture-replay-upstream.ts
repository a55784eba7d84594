import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplayedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A recorded answer: a file and how it is served (JSON whole, or SSE events as recorded). */
export interface Recording {
  file: URL;
  stream: boolean;
}

/**
 * An upstream on 127.0.0.1 that answers each path with a recorded file (the streamed recording when
 * the request asks to stream and one exists) and keeps what it received, to snapshot the gateway's
 * requests.
 */
export class FixtureReplayUpstream {
  readonly received: ReplayedRequest[] = [];
  url = '';
  private server: Server | null = null;

  constructor(private readonly recordings: Record<string, Recording[]>) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        this.received.push({ path, headers: request.headers, body });
        const options = this.recordings[path] ?? [];
        const recording = options.find((entry) => entry.stream === (body.stream === true)) ?? options[0];
        if (!recording) {
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: `404 page not found: ${path}` }));
          return;
        }
        const recorded = readFileSync(recording.file);
        response.writeHead(200, { 'content-type': recording.stream ? 'text/event-stream' : 'application/json' });
        response.end(recorded);
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
