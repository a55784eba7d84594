import type { Usage } from '../../billing/quota';
import type { ChatChunk } from '../../formats/openai-chat-types';
import { CompletionCounter } from '../../stream/completion-counter';
import { SseEventReader, type SseEvent } from '../../stream/sse-events';
import { UpstreamError } from '../../relay-error';
import type { ChunkTranslator, StreamRelay } from '../provider';
import { GeminiStreamConverter } from './stream';
import { usageOfMetadata, textOfResponse } from './usage';
import { geminiErrorSchema, generateContentResponseSchema } from './wire';

function parseData(data: string): unknown {
  if (!data.startsWith('{')) return null;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

function readEvent(data: string) {
  const parsed = generateContentResponseSchema.safeParse(parseData(data));
  return parsed.success ? parsed.data : null;
}

/** An error Google reported inside a stream (`data: {"error":{code,message,status}}`), if the event is one. */
function streamFailure(data: string): UpstreamError | null {
  const parsed = geminiErrorSchema.safeParse(parseData(data));
  if (!parsed.success) return null;
  const { code = 500, message = 'stream failed', status = `upstream_${code}` } = parsed.data.error;
  return new UpstreamError(code, message, status, false, code);
}

/**
 * Gemini events to a Gemini client, event by event: each is forwarded as it came (one `data:` line),
 * the last usageMetadata is kept (Gemini repeats it, cumulative) and the text is counted on the way.
 */
export class GeminiSseRelay extends SseEventReader<Buffer> implements StreamRelay {
  usage: Usage | null = null;
  private readonly counter = new CompletionCounter();

  localCompletionTokens(): number | Promise<number> {
    return this.counter.tokens();
  }

  protected read(events: SseEvent[]): Buffer {
    if (events.length === 0) return Buffer.alloc(0);
    let out = '';
    for (const { data } of events) {
      const event = readEvent(data);
      if (event) {
        this.usage = usageOfMetadata(event.usageMetadata) ?? this.usage;
        this.counter.add(textOfResponse(event));
      }
      out += `${data
        .split('\n')
        .map((line) => `data: ${line}`)
        .join('\r\n')}\r\n\r\n`;
    }
    return Buffer.from(out);
  }
}

/** Gemini events as OpenAI chat chunks (for clients of another dialect). */
export class GeminiChunkTranslator extends SseEventReader<ChatChunk[]> implements ChunkTranslator {
  usage: Usage | null = null;
  failure: UpstreamError | null = null;
  private readonly converter: GeminiStreamConverter;

  constructor(model: string) {
    super();
    this.converter = new GeminiStreamConverter(model);
  }

  /** The last chunks; after a reported failure no closing finish reason is made up. */
  override end(): ChatChunk[] {
    const rest = super.end();
    if (this.failure) return rest;
    return [...rest, ...this.converter.end().filter((chunk) => chunk.choices.length > 0)];
  }

  protected read(events: SseEvent[]): ChatChunk[] {
    const chunks = events.flatMap(({ data }) => {
      this.failure ??= streamFailure(data);
      const event = readEvent(data);
      if (event) this.usage = usageOfMetadata(event.usageMetadata) ?? this.usage;
      return event ? this.converter.pushEvent(event) : [];
    });
    return chunks;
  }
}
