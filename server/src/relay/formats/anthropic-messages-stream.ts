import type { Usage } from '../billing/quota';
import type { RelayError } from '../relay-error';
import { anthropicErrorType } from './anthropic-error-type';
import { claudeUsageOf, stopReasonOf } from './anthropic-messages-response';
import type { ChunkEncoder } from './inbound-dialect';
import type { ChatChunk, ChatFinishReason } from './openai-chat-types';

type OpenBlock = { kind: 'text' } | { kind: 'thinking' } | { kind: 'tool'; toolIndex: number };

const event = (type: string, payload: Record<string, unknown>) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;

/**
 * OpenAI chat chunks as Anthropic stream events: message_start, one content block per run of text,
 * thinking or tool call (with its deltas), then message_delta with the stop reason and usage, and
 * message_stop.
 */
export class MessagesChunkEncoder implements ChunkEncoder {
  private started = false;
  private open: OpenBlock | null = null;
  private blockIndex = -1;
  private finishReason: ChatFinishReason = null;

  constructor(private readonly requestedModel: string) {}

  chunk(chunk: ChatChunk): Buffer {
    let out = this.start(chunk.id, chunk.model);
    for (const choice of chunk.choices) {
      const delta = choice.delta;
      if (delta.reasoning_content)
        out +=
          this.ensure({ kind: 'thinking' }) + this.delta({ type: 'thinking_delta', thinking: delta.reasoning_content });
      if (typeof delta.content === 'string' && delta.content)
        out += this.ensure({ kind: 'text' }) + this.delta({ type: 'text_delta', text: delta.content });
      for (const call of delta.tool_calls ?? []) {
        const toolIndex = call.index ?? 0;
        const sameCall = this.open?.kind === 'tool' && this.open.toolIndex === toolIndex;
        if (!sameCall) {
          out += this.close();
          this.blockIndex += 1;
          this.open = { kind: 'tool', toolIndex };
          const block = {
            type: 'tool_use',
            id: call.id || `toolu_${toolIndex}`,
            name: call.function.name ?? '',
            input: {},
          };
          out += event('content_block_start', { index: this.blockIndex, content_block: block });
        }
        if (call.function.arguments)
          out += this.delta({ type: 'input_json_delta', partial_json: call.function.arguments });
      }
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
    return Buffer.from(out);
  }

  finish(usage: Usage | null): Buffer {
    const out =
      this.start('', '') +
      this.close() +
      event('message_delta', {
        delta: { stop_reason: stopReasonOf(this.finishReason), stop_sequence: null },
        usage: claudeUsageOf(usage),
      }) +
      event('message_stop', {});
    return Buffer.from(out);
  }

  error(error: RelayError): Buffer {
    return Buffer.from(event('error', { error: { type: anthropicErrorType(error.status), message: error.text.en } }));
  }

  private start(id: string, model: string): string {
    if (this.started) return '';
    this.started = true;
    const message = {
      id: id.startsWith('msg') ? id : `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model: model || this.requestedModel,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    };
    return event('message_start', { message });
  }

  /** Opens a text or thinking block unless one of that kind is open. */
  private ensure(block: OpenBlock): string {
    if (this.open?.kind === block.kind) return '';
    const closed = this.close();
    this.blockIndex += 1;
    this.open = block;
    const content =
      block.kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
    return closed + event('content_block_start', { index: this.blockIndex, content_block: content });
  }

  private delta(delta: Record<string, unknown>): string {
    return event('content_block_delta', { index: this.blockIndex, delta });
  }

  private close(): string {
    if (!this.open) return '';
    this.open = null;
    return event('content_block_stop', { index: this.blockIndex });
  }
}
