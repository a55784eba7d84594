import { randomBytes } from 'node:crypto';
import { chatChunk, streamIdentity, type ChatStreamIdentity } from '../../formats/chat-chunk';
import type { ChatChunk, ChatUsage } from '../../formats/openai-chat-types';
import { convertParts, finishReasonOf, usageFromMetadata } from './response';
import { generateContentResponseSchema, type GenerateContentResponse } from './wire';

/**
 * Turns the events of `streamGenerateContent?alt=sse` into OpenAI chat chunks, one event at a time:
 * the first chunk carries the assistant role, function calls arrive whole (one tool-call delta each),
 * the finish reason closes the choice, and the last usageMetadata (Gemini repeats it, cumulative)
 * becomes a usage-only chunk at the end.
 */
export class GeminiStreamConverter {
  private readonly stream: ChatStreamIdentity;
  private started = false;
  private toolCallCount = 0;
  private finished = false;
  usage: ChatUsage | undefined;

  constructor(model: string) {
    this.stream = streamIdentity(`chatcmpl-${randomBytes(12).toString('hex')}`, model);
  }

  private chunk(
    delta: ChatChunk['choices'][number]['delta'],
    finishReason: ChatChunk['choices'][number]['finish_reason'] = null,
  ): ChatChunk {
    if (!this.started) {
      this.started = true;
      delta = { role: 'assistant', ...delta };
    }
    return chatChunk(this.stream, delta, finishReason);
  }

  /** The chunks for one upstream event's data (a JSON object); data that is not one yields nothing. */
  push(data: string): ChatChunk[] {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return [];
    }
    const parsed = generateContentResponseSchema.safeParse(value);
    return parsed.success ? this.pushEvent(parsed.data) : [];
  }

  /** The chunks for one parsed upstream event. */
  pushEvent(event: GenerateContentResponse): ChatChunk[] {
    const usage = usageFromMetadata(event.usageMetadata);
    if (usage) this.usage = usage;
    const out: ChatChunk[] = [];
    const candidate = event.candidates?.[0];
    if (!candidate) {
      if (event.promptFeedback?.blockReason && !this.finished) {
        this.finished = true;
        out.push(this.chunk({}, 'content_filter'));
      }
      return out;
    }
    const parts = convertParts(candidate.content?.parts);
    if (parts.reasoning) out.push(this.chunk({ reasoning_content: parts.reasoning }));
    if (parts.content) out.push(this.chunk({ content: parts.content }));
    if (parts.toolCalls.length) {
      const calls = parts.toolCalls.map((call) => ({ index: this.toolCallCount++, ...call }));
      out.push(this.chunk({ tool_calls: calls }));
    }
    if (candidate.finishReason && !this.finished) {
      this.finished = true;
      out.push(this.chunk({}, finishReasonOf(candidate.finishReason, this.toolCallCount > 0)));
    }
    return out;
  }

  /** What closes the stream: a stop if the upstream never sent a finish reason, then the usage chunk. */
  end(): ChatChunk[] {
    const out: ChatChunk[] = [];
    if (!this.finished) {
      this.finished = true;
      out.push(this.chunk({}, this.toolCallCount > 0 ? 'tool_calls' : 'stop'));
    }
    if (this.usage) {
      out.push({
        id: this.stream.id,
        object: 'chat.completion.chunk',
        created: this.stream.created,
        model: this.stream.model,
        choices: [],
        usage: this.usage,
      });
    }
    return out;
  }
}
