import type { ChatChunk, ChatFinishReason, ChatMessage } from './openai-chat-types';

/** What names an OpenAI chat stream in each of its chunks. */
export interface ChatStreamIdentity {
  id: string;
  created: number;
  model: string;
}

/** A stream's identity, made once when the stream starts (`created` is its start, in seconds). */
export function streamIdentity(id: string, model: string): ChatStreamIdentity {
  return { id, created: Math.floor(Date.now() / 1000), model };
}

/** One OpenAI chat chunk of a stream: a delta of the one choice, with its finish reason on the last. */
export function chatChunk(
  stream: ChatStreamIdentity,
  delta: Partial<ChatMessage>,
  finishReason: ChatFinishReason = null,
): ChatChunk {
  return {
    id: stream.id,
    object: 'chat.completion.chunk',
    created: stream.created,
    model: stream.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}
