import type { z } from 'zod';
import type { Usage } from '../billing/quota';
import type { CachedChannel } from '../caches/channel-index';
import { streamIdentity, type ChatStreamIdentity } from '../formats/chat-chunk';
import type { ChatChunk } from '../formats/openai-chat-types';
import { parseWith } from '../parse-json';
import type { RelayError } from '../relay-error';
import { SseEventReader, type SseEvent } from '../stream/sse-events';
import type { ChunkTranslator } from './provider';

/**
 * A vendor's server-sent events, each a JSON object of `schema`, turned into OpenAI chat chunks of
 * `model` by `translate` (which may set `usage` and `failure`). Events that do not match are skipped.
 */
export abstract class SseJsonTranslator<T> extends SseEventReader<ChatChunk[]> implements ChunkTranslator {
  usage: Usage | null = null;
  failure: RelayError | null = null;
  /** One identity for every chunk of the stream; `translate` fills in the vendor's id as it arrives. */
  protected readonly stream: ChatStreamIdentity;
  protected abstract readonly schema: z.ZodType<T>;

  constructor(
    model: string,
    protected readonly channel: CachedChannel,
  ) {
    super();
    this.stream = streamIdentity('', model);
  }

  protected abstract translate(payload: T, event: SseEvent): ChatChunk[];

  protected read(events: SseEvent[]): ChatChunk[] {
    const chunks: ChatChunk[] = [];
    for (const event of events) {
      if (this.failure) break;
      const payload = event.data.startsWith('{') ? parseWith(this.schema, event.data) : null;
      if (payload !== null) chunks.push(...this.translate(payload, event));
    }
    return chunks;
  }
}
