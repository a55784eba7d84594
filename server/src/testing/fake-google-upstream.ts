import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'vitest';
import { LoopbackFake, readJsonBody } from './loopback-server';
import { lastConsumeLog } from './provider-test-kit';
import type { TestServer } from './test-server';

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

/**
 * The consumption log of a gemini-2.5-flash chat answered from `generate-content-text.json`: its usage
 * (1000 prompt, 500 completion tokens) at model ratio 0.15 and completion ratio 8.33 costs 775.
 */
export const FLASH_CHAT_LOG = {
  model_name: 'gemini-2.5-flash',
  prompt_tokens: 1000,
  completion_tokens: 500,
  quota: 775,
};

/**
 * Checks that `google` was last asked to stream gemini-2.5-flash over SSE, and that the gateway billed
 * the stream by the usage its recording reports (8 prompt, 17 completion tokens).
 */
export async function expectFlashStreamBilled(server: TestServer, google: FakeGoogleUpstream): Promise<void> {
  expect(google.last).toMatchObject({
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    query: 'alt=sse',
  });
  expect(await lastConsumeLog(server)).toMatchObject({ is_stream: 1, prompt_tokens: 8, completion_tokens: 17 });
}
