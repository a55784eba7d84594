import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import type { RelayError } from '../../relay-error';
import type { ChatChunk } from '../../formats/openai-chat-types';
import { parseWith } from '../../parse-json';
import { ClaudeChunkTranslator, ClaudeStreamMeter } from '../anthropic/stream';
import type { ChunkTranslator, StreamRelay } from '../provider';
import { EventStreamDecoder, type EventStreamMessage } from './event-stream';

const exceptionSchema = z.looseObject({ message: z.string().optional() });

/** Bedrock stream exceptions as the Anthropic error types Claude clients know. */
const anthropicTypeOfException: Record<string, string> = {
  throttlingException: 'rate_limit_error',
  serviceUnavailableException: 'overloaded_error',
  validationException: 'invalid_request_error',
  modelTimeoutException: 'api_error',
  modelStreamErrorException: 'api_error',
  internalServerException: 'api_error',
};

/**
 * The Claude event JSON a Bedrock stream message carries: a `chunk` event holds it base64-encoded in
 * `bytes`; an exception becomes a Claude `error` event.
 */
function claudeEventJson(message: EventStreamMessage): string | null {
  const payload = message.payload.toString('utf8');
  if (message.headers[':message-type'] === 'exception' || message.headers[':message-type'] === 'error') {
    const exception = message.headers[':exception-type'] ?? message.headers[':error-code'] ?? '';
    const type = anthropicTypeOfException[exception] ?? 'api_error';
    const text = parseWith(exceptionSchema, payload)?.message ?? payload;
    return JSON.stringify({ type: 'error', error: { type, message: text } });
  }
  if (message.headers[':event-type'] !== 'chunk') return null;
  try {
    const bytes = (JSON.parse(payload) as { bytes?: unknown }).bytes;
    return typeof bytes === 'string' ? Buffer.from(bytes, 'base64').toString('utf8') : null;
  } catch {
    return null;
  }
}

/** A Bedrock Claude stream as OpenAI chat chunks. */
export class BedrockChunkTranslator implements ChunkTranslator {
  private readonly decoder = new EventStreamDecoder();
  private readonly claude: ClaudeChunkTranslator;

  constructor(model: string) {
    this.claude = new ClaudeChunkTranslator(model);
  }

  get usage(): Usage | null {
    return this.claude.usage;
  }

  get failure(): RelayError | null {
    return this.claude.failure;
  }

  push(chunk: Buffer): ChatChunk[] {
    return this.decoder.push(chunk).flatMap((message) => {
      const json = claudeEventJson(message);
      return json ? this.claude.translateText(json) : [];
    });
  }

  end(): ChatChunk[] {
    return [];
  }
}

/** A Bedrock Claude stream re-framed as Anthropic's server-sent events, for a Claude client. */
export class BedrockToClaudeSse extends ClaudeStreamMeter implements StreamRelay {
  private readonly decoder = new EventStreamDecoder();

  push(chunk: Buffer): Buffer {
    let out = '';
    for (const message of this.decoder.push(chunk)) {
      const json = claudeEventJson(message);
      const event = json ? this.readJson(json) : null;
      if (event && json) out += `event: ${event.type}\ndata: ${json}\n\n`;
    }
    return Buffer.from(out);
  }

  end(): Buffer {
    return Buffer.alloc(0);
  }
}
