import type { PlaygroundRequest } from './playground-request';

/** Spec 001 §4 Playground message: loading, incomplete (while streaming), complete, error. */
export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface PlaygroundMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
}

export interface PlaygroundSettings {
  group: string;
  model: string;
  /** 0.1 to 1 in steps of 0.1 */
  temperature: number;
  /** an integer, or null for the model's own limit */
  maxTokens: number | null;
  systemPrompt: string;
}

export const DEFAULT_SYSTEM_PROMPT = 'You are a helpful assistant.';
export const DEFAULT_TEMPERATURE = 0.7;
export const TEMPERATURE_RANGE = { min: 0.1, max: 1, step: 0.1 } as const;

/** The request for the next answer: the system prompt, then every finished turn, then the new question. */
export function playgroundRequestOf(settings: PlaygroundSettings, history: PlaygroundMessage[]): PlaygroundRequest {
  const system = settings.systemPrompt.trim();
  const turns = history
    .filter((message) => message.status === 'complete' && message.content !== '')
    .map((message) => ({ role: message.role, content: message.content }));
  return {
    messages: [...(system === '' ? [] : [{ role: 'system' as const, content: system }]), ...turns],
    stream: true,
    model: settings.model.trim(),
    group: settings.group,
    ...(settings.maxTokens === null ? {} : { max_tokens: settings.maxTokens }),
    temperature: settings.temperature,
  };
}

/** An answer that failed keeps what arrived and adds the error text below it. */
export function withError(content: string, error: string): string {
  return content === '' ? error : `${content}\n\n${error}`;
}
