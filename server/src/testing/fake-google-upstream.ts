import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake, readJsonBody } from './loopback-server';

const fixture = (path: string) => readFileSync(new URL(`../relay/providers/${path}`, import.meta.url), 'utf8');

/** The recorded list under `key`, one item per input (going round the recording when there are more inputs). */
function onePerInput(file: string, key: 'embeddings' | 'predictions', inputs: unknown): string {
  const recorded = (JSON.parse(fixture(file)) as Record<typeof key, unknown[]>)[key];
  const list: unknown[] = Array.isArray(inputs) ? inputs : [];
  return JSON.stringify({ [key]: list.map((_input, index) => recorded[index % recorded.length]) });
}

/** What the gateway sent: enough to snapshot the upstream request. */
export interface GoogleRequest {
  method: string;
  path: string;
  query: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * Google's Gemini API and Vertex AI (Gemini models, and Claude through rawPredict) on 127.0.0.1,
 * replaying recorded answers from the providers' `__fixtures__`: `:generateContent`,
 * `:streamGenerateContent` (SSE), `:embedContent`, `:batchEmbedContents`, `:rawPredict`,
 * `:streamRawPredict`, `:predict` (Vertex embeddings). Records every request; `failWith` answers a Google error instead.
 */
export class FakeGoogleUpstream extends LoopbackFake {
  readonly received: GoogleRequest[] = [];
  failWith: { status: number; body: string } | null = null;
  /** the recording `:generateContent` answers with (under gemini/__fixtures__) */
  generateAnswer = 'generate-content-text.json';
  /** the recording `:streamGenerateContent` replays (under gemini/__fixtures__) */
  streamAnswer = 'stream-text.sse';

  get last(): GoogleRequest | undefined {
    return this.received.at(-1);
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJsonBody(request);
    const [path = '/', query = ''] = (request.url ?? '/').split('?');
    this.received.push({
      method: request.method ?? 'GET',
      path: decodeURIComponent(path),
      query,
      headers: request.headers,
      body,
    });
    if (this.failWith) {
      response.writeHead(this.failWith.status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(this.failWith.body);
      return;
    }
    const action = /:(\w+)$/.exec(path)?.[1] ?? '';
    switch (action) {
      case 'generateContent':
        return this.json(response, fixture(`gemini/__fixtures__/${this.generateAnswer}`));
      case 'streamGenerateContent':
        return this.sse(response, fixture(`gemini/__fixtures__/${this.streamAnswer}`));
      case 'rawPredict':
        return this.json(response, fixture('vertex/__fixtures__/raw-predict-response.json'));
      case 'streamRawPredict':
        return this.sse(response, fixture('vertex/__fixtures__/stream-raw-predict.sse'));
      case 'batchEmbedContents':
        return this.json(
          response,
          onePerInput('gemini/__fixtures__/batch-embed-response.json', 'embeddings', body.requests),
        );
      case 'predict':
        return this.json(
          response,
          onePerInput('vertex/__fixtures__/predict-embeddings.json', 'predictions', body.instances),
        );
      case 'embedContent': {
        const recorded = JSON.parse(fixture('gemini/__fixtures__/batch-embed-response.json')) as {
          embeddings: unknown[];
        };
        return this.json(response, JSON.stringify({ embedding: recorded.embeddings[0] }));
      }
      default:
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { code: 404, message: `Method not found: ${path}`, status: 'NOT_FOUND' } }),
        );
    }
  }

  private json(response: ServerResponse, text: string): void {
    response.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  }

  /** Replays recorded events with Google's CRLF separators, a few per write. */
  private sse(response: ServerResponse, recorded: string): void {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of recorded.split('\n\n').filter((block) => block.trim()))
      response.write(`${event.replace(/\n/g, '\r\n')}\r\n\r\n`);
    response.end();
  }
}
