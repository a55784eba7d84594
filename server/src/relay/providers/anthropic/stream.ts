import type { Usage } from '../../billing/quota';
import { chatChunk, streamIdentity, type ChatStreamIdentity } from '../../formats/chat-chunk';
import type { ChatChunk, ChatMessage } from '../../formats/openai-chat-types';
import { CompletionCounter } from '../../stream/completion-counter';
import { statusOfAnthropicError } from '../../formats/anthropic-error-type';
import { UpstreamError } from '../../relay-error';
import { SseEventReader, SseEventSplitter, type SseEvent } from '../../stream/sse-events';
import type { ChunkTranslator, StreamRelay } from '../provider';
import { parseWith } from '../../parse-json';
import { claudeEventSchema, type ClaudeEvent, type ClaudeUsage } from './claude-schemas';
import { finishReasonOf, usageFromClaude } from './response';

/**
 * Usage of a Claude stream: `message_start` carries the input side, `message_delta` the running
 * output count (and, on newer API versions, final input and cache figures).
 */
export class ClaudeStreamUsage {
  private totals: ClaudeUsage = {};

  read(event: ClaudeEvent): void {
    const usage =
      event.type === 'message_start' ? event.message?.usage : event.type === 'message_delta' ? event.usage : undefined;
    if (!usage) return;
    for (const [field, value] of Object.entries(usage)) {
      if (typeof value === 'number') this.totals[field] = value;
    }
  }

  get usage(): Usage | null {
    return usageFromClaude(this.totals);
  }
}

/** Claude stream events (as SSE, or decoded from Bedrock's framing) turned into OpenAI chat chunks. */
export class ClaudeChunkTranslator extends SseEventReader<ChatChunk[]> implements ChunkTranslator {
  private readonly usageReader = new ClaudeStreamUsage();
  /** One identity for every chunk of the stream; `message_start` fills in the upstream's id and model. */
  private readonly stream: ChatStreamIdentity;
  /** content block index → tool call index */
  private readonly toolIndexes = new Map<number, number>();
  failure: UpstreamError | null = null;

  constructor(model: string) {
    super();
    this.stream = streamIdentity('chatcmpl', model);
  }

  get usage(): Usage | null {
    return this.usageReader.usage;
  }

  protected read(events: SseEvent[]): ChatChunk[] {
    return events.flatMap((event) => this.translateText(event.data));
  }

  /** One event's JSON (Bedrock hands events over without SSE framing). */
  translateText(data: string): ChatChunk[] {
    const event = parseWith(claudeEventSchema, data);
    return event ? this.translate(event) : [];
  }

  private chunk(
    delta: Partial<ChatMessage>,
    finishReason: ChatChunk['choices'][number]['finish_reason'] = null,
  ): ChatChunk {
    return chatChunk(this.stream, delta, finishReason);
  }

  private translate(event: ClaudeEvent): ChatChunk[] {
    this.usageReader.read(event);
    const index = event.index ?? 0;
    switch (event.type) {
      case 'message_start':
        this.stream.id = event.message?.id ?? this.stream.id;
        this.stream.model = event.message?.model || this.stream.model;
        return [this.chunk({ role: 'assistant', content: '' })];
      case 'content_block_start': {
        const block = event.content_block;
        if (block?.type === 'tool_use') {
          const toolIndex = this.toolIndexes.size;
          this.toolIndexes.set(index, toolIndex);
          return [
            this.chunk({
              tool_calls: [
                {
                  index: toolIndex,
                  id: block.id ?? '',
                  type: 'function',
                  function: { name: block.name ?? '', arguments: '' },
                },
              ],
            }),
          ];
        }
        return block?.type === 'text' && block.text ? [this.chunk({ content: block.text })] : [];
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta?.type === 'text_delta' && delta.text) return [this.chunk({ content: delta.text })];
        if (delta?.type === 'thinking_delta' && delta.thinking)
          return [this.chunk({ reasoning_content: delta.thinking })];
        // Only client tools become tool calls: server tools (web search, …) also stream input_json_delta.
        const toolIndex = this.toolIndexes.get(index);
        if (delta?.type === 'input_json_delta' && delta.partial_json && toolIndex !== undefined) {
          return [this.chunk({ tool_calls: [{ index: toolIndex, function: { arguments: delta.partial_json } }] })];
        }
        return [];
      }
      case 'error': {
        const type = event.error?.type ?? 'api_error';
        const status = statusOfAnthropicError(type);
        this.failure = new UpstreamError(status, event.error?.message ?? type, type, false, status);
        return [];
      }
      case 'message_delta': {
        const reason = finishReasonOf(event.delta?.stop_reason);
        return reason ? [this.chunk({}, reason)] : [];
      }
      default:
        return [];
    }
  }
}

/** Completion text of a Claude event, for counting when usage never arrives. */
export function claudeEventText(event: ClaudeEvent): string {
  const delta = event.delta;
  return (delta?.text ?? '') + (delta?.thinking ?? '') + (delta?.partial_json ?? '');
}

/** Usage of a Claude stream plus a local count of its completion, for when usage never arrives. */
export class ClaudeStreamMeter extends ClaudeStreamUsage {
  private readonly counter = new CompletionCounter();

  override read(event: ClaudeEvent): void {
    super.read(event);
    this.counter.add(claudeEventText(event));
  }

  /** The event in `json`, metered; null when it is not one. */
  readJson(json: string): ClaudeEvent | null {
    const event = parseWith(claudeEventSchema, json);
    if (event) this.read(event);
    return event;
  }

  localCompletionTokens(): number | Promise<number> {
    return this.counter.tokens();
  }
}

/** A Claude stream passed to a Claude client unchanged; usage and text are read on the way. */
export class ClaudeUsageTap extends ClaudeStreamMeter implements StreamRelay {
  private readonly splitter = new SseEventSplitter();

  push(chunk: Buffer): Buffer {
    for (const event of this.splitter.push(chunk)) this.readJson(event.data);
    return chunk;
  }

  end(): Buffer {
    for (const event of this.splitter.end()) this.readJson(event.data);
    return Buffer.alloc(0);
  }
}
