import type { GenerateContentResponse, GenerateContentResponseUsageMetadata } from '@google/genai';
import type OpenAI from 'openai';
import { expect } from 'vitest';

/** Expects a chat completion whose one choice says `content` and stops, with (at least) `usage`. */
export function expectChatAnswer(
  completion: OpenAI.ChatCompletion,
  content: string,
  usage: Partial<OpenAI.CompletionUsage>,
): void {
  expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content }, finish_reason: 'stop' });
  expect(completion.usage).toMatchObject(usage);
}

/** Expects a @google/genai answer that says `text`, with (at least) `usage` in its usage metadata. */
export function expectGeminiAnswer(
  response: GenerateContentResponse,
  text: string,
  usage: GenerateContentResponseUsageMetadata,
): void {
  expect(response.text).toBe(text);
  expect(response.usageMetadata).toMatchObject(usage);
}
