import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake, readJsonBody } from './loopback-server';

export interface ReplayedRequest {
  path: string;
  /** the query string without `?` ('' when none) */
  query: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A recorded answer: a file and how it is served (JSON whole, or SSE events as recorded). */
export interface Recording {
  file: URL;
  stream: boolean;
  /** the HTTP status it is served with (200 unless told) */
  status?: number;
}

/**
 * An upstream on 127.0.0.1 that answers each path with a recorded file (the streamed recording when
 * the request asks to stream and one exists) and keeps what it received, to snapshot the gateway's
 * requests.
 */
export class FixtureReplayUpstream extends LoopbackFake {
  readonly received: ReplayedRequest[] = [];
  /** `asksToStream` tells a streaming request by its body (OpenAI's `stream: true` unless told otherwise). */
  constructor(
    private readonly recordings: Record<string, Recording[]>,
    private readonly asksToStream: (body: Record<string, unknown>) => boolean = (body) => body.stream === true,
  ) {
    super();
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJsonBody(request);
    const [path = '/', query = ''] = (request.url ?? '/').split('?');
    this.received.push({ path, query, headers: request.headers, body });
    const options = this.recordings[path] ?? [];
    const recording = options.find((entry) => entry.stream === this.asksToStream(body)) ?? options[0];
    if (!recording) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: `404 page not found: ${path}` }));
      return;
    }
    response.writeHead(recording.status ?? 200, {
      'content-type': recording.stream ? 'text/event-stream' : 'application/json',
    });
    response.end(readFileSync(recording.file));
  }
}
