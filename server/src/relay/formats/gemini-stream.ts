import type { ChatChunk, ChatToolCall, ChatUsage } from './openai-chat-types';
import type { GenerateContentResponse } from '../providers/gemini/wire';
import { geminiFinishReason, geminiParts, usageMetadataOf } from './gemini-response';

/**
 * Turns OpenAI chat chunks into streamGenerateContent events: text and thoughts go out as they come;
 * tool-call fragments are assembled and sent, with the finish reason and the usage, in one last event
 * (OpenAI reports usage after the finish reason, Gemini on the final event).
 */
export class OpenAIToGeminiStream {
  private readonly toolCalls = new Map<number, ChatToolCall>();
  private finishReason: string | undefined;
  private usage: ChatUsage | undefined;
  private responseId = '';

  constructor(private readonly model: string) {}

  private event(response: GenerateContentResponse): GenerateContentResponse {
    return { ...response, modelVersion: this.model, ...(this.responseId ? { responseId: this.responseId } : {}) };
  }

  /** Events for one OpenAI chunk. */
  push(chunk: ChatChunk): GenerateContentResponse[] {
    if (chunk.id) this.responseId = chunk.id;
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return [];
    const delta = choice.delta ?? {};
    for (const fragment of delta.tool_calls ?? []) {
      const index = fragment.index ?? 0;
      const call = this.toolCalls.get(index) ?? {
        id: fragment.id ?? '',
        type: 'function',
        function: { name: '', arguments: '' },
      };
      if (fragment.function?.name) call.function.name = (call.function.name ?? '') + fragment.function.name;
      if (fragment.function?.arguments)
        call.function.arguments = (call.function.arguments ?? '') + fragment.function.arguments;
      this.toolCalls.set(index, call);
    }
    if (choice.finish_reason) this.finishReason = geminiFinishReason(choice.finish_reason);
    const parts = geminiParts(delta.content, delta.reasoning_content, undefined);
    if (parts.length === 0) return [];
    return [this.event({ candidates: [{ content: { role: 'model', parts }, index: 0 }] })];
  }

  /** The closing event: assembled function calls, finish reason and usage (the gateway's, when given). */
  end(usage?: ChatUsage): GenerateContentResponse[] {
    if (usage) this.usage = usage;
    const parts = geminiParts(undefined, undefined, [...this.toolCalls.values()]);
    const usageMetadata = usageMetadataOf(this.usage);
    return [
      this.event({
        candidates: [{ content: { role: 'model', parts }, finishReason: this.finishReason ?? 'STOP', index: 0 }],
        ...(usageMetadata ? { usageMetadata } : {}),
      }),
    ];
  }
}
