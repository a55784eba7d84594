import type { GenerateContentResponse, GenerateContentResponseUsageMetadata } from '@google/genai';
import type OpenAI from 'openai';
import { expect } from 'vitest';
import type { FixtureReplayUpstream } from './fixture-replay-upstream';
import { askChat } from './sdk-clients';

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

/** A chat relayed to a replaying upstream: the model and prompt asked, the answer, and the path and key it went up with. */
export interface RelayedChat {
  model: string;
  prompt: string;
  answer: string;
  path: string;
  key: string;
}

/**
 * Asks the chat through the OpenAI SDK and expects its answer, and that `upstream` last received the model and
 * prompt at the chat's path with the key as a Bearer token; answers the completion.
 */
export async function expectRelayedChat(
  openai: OpenAI,
  upstream: Pick<FixtureReplayUpstream, 'received'>,
  chat: RelayedChat,
): Promise<OpenAI.ChatCompletion> {
  const completion = await askChat(openai, chat.model, chat.prompt);
  expect(completion.choices[0]?.message.content).toBe(chat.answer);
  expect(upstream.received.at(-1)).toMatchObject({
    path: chat.path,
    body: { model: chat.model, messages: [{ role: 'user', content: chat.prompt }] },
    headers: { authorization: `Bearer ${chat.key}` },
  });
  return completion;
}
