import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { TestServer } from './test-server';

/** The official OpenAI SDK on the test server's /v1 with a caller's key (no retries). */
export const openaiClient = (server: TestServer, apiKey: string, defaultHeaders?: Record<string, string>) =>
  new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0, ...(defaultHeaders ? { defaultHeaders } : {}) });

/** The official Anthropic SDK on the test server with a caller's key (no retries). */
export const anthropicClient = (server: TestServer, apiKey: string) =>
  new Anthropic({ apiKey, baseURL: server.url, maxRetries: 0 });

/** The official Google Gen AI SDK on the test server with a caller's key. */
export const geminiClient = (server: TestServer, apiKey: string) =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url } });

/** A chat of one user message through the OpenAI SDK (`extra`: max_tokens, user...). */
export function askChat(
  client: OpenAI,
  model: string,
  content: string,
  extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {},
) {
  return client.chat.completions.create({ model, messages: [{ role: 'user', content }], ...extra });
}

/** The same chat, streamed (`extra`: stream_options, user...). */
export function streamChat(
  client: OpenAI,
  model: string,
  content: string,
  extra: Partial<OpenAI.ChatCompletionCreateParamsStreaming> = {},
) {
  return client.chat.completions.create({ model, messages: [{ role: 'user', content }], stream: true, ...extra });
}

/** The text of a streamed chat (see streamChat), its deltas read to the end. */
export async function streamedChatText(
  client: OpenAI,
  model: string,
  content: string,
  extra: Partial<OpenAI.ChatCompletionCreateParamsStreaming> = {},
): Promise<string> {
  let text = '';
  for await (const chunk of await streamChat(client, model, content, extra))
    text += chunk.choices[0]?.delta?.content ?? '';
  return text;
}

/**
 * Reads an OpenAI chat stream that is expected to fail: the text delivered before the failure, and
 * the failure (undefined when the stream ended normally).
 */
export async function chatStreamUntilFailure(
  stream: AsyncIterable<OpenAI.ChatCompletionChunk>,
): Promise<{ text: string; failure: unknown }> {
  let text = '';
  try {
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  } catch (failure) {
    return { text, failure };
  }
  return { text, failure: undefined };
}

/** The text of a Gemini SDK answer to `contents`, streamed and read to the end. */
export async function streamedGeminiText(ai: GoogleGenAI, model: string, contents: string): Promise<string> {
  let text = '';
  for await (const chunk of await ai.models.generateContentStream({ model, contents })) text += chunk.text ?? '';
  return text;
}

/** A one-message Anthropic SDK request (`max_tokens` 64 unless told). */
export const claudeMessage = (model: string, content: string, maxTokens = 64) => ({
  model,
  max_tokens: maxTokens,
  messages: [{ role: 'user' as const, content }],
});

/** 200 when an SDK call succeeds, else the HTTP status of the API error it fails with (other errors are thrown). */
export async function sdkStatusOf(call: Promise<unknown>): Promise<number | string> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof OpenAI.APIError || error instanceof Anthropic.APIError) return error.status ?? 'no status';
    throw error;
  }
}
