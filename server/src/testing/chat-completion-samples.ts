import type { ChatCompletion } from '../relay/formats/openai-chat-types';

/**
 * A gpt-4o-mini chat completion (created 1) that says `content` and calls one function tool, finishing
 * with `tool_calls`; its usage counts `cached` of the prompt tokens as cached.
 */
export function toolCallingCompletion(
  id: string,
  content: string,
  call: { id: string; name: string; arguments: string },
  usage: { prompt: number; completion: number; cached: number },
): ChatCompletion {
  return {
    id,
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
      prompt_tokens_details: { cached_tokens: usage.cached },
    },
  };
}

/** A user message of the OpenAI chat format: a text, then images as `image_url` parts. */
export function userTextAndImages(text: string, ...imageUrls: string[]) {
  return {
    role: 'user' as const,
    content: [
      { type: 'text' as const, text },
      ...imageUrls.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
    ],
  };
}
