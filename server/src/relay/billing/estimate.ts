import { countTokens, estimateTokens } from '../../platform/token-counter/token-counter';
import type { EndpointKind } from '../endpoints';
import type { ParsedBody } from '../formats/request-body';
import { uncountedInputTokens } from './input-estimates';

/** Text of a prompt: chat messages (string or parts), prompt, input, instructions, Anthropic's system. */
export function promptText(body: Record<string, unknown>): string {
  const pieces: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') pieces.push(value);
    else if (Array.isArray(value)) for (const item of value) collect(item);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.text === 'string') pieces.push(record.text);
      else if ('content' in record) collect(record.content);
    }
  };
  collect(body.messages);
  collect(body.prompt);
  collect(body.input);
  collect(body.instructions);
  collect(body.system);
  return pieces.join('\n');
}

/** OpenAI-format overhead: 3 tokens per message plus 3 for the reply's priming. */
function messageOverhead(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? body.messages.length : 0;
  return messages > 0 ? messages * 3 + 3 : 0;
}

/**
 * A cheap prompt-size estimate for the reservation and the limits only (no tokenizer on the hot
 * path): about four Latin characters or one CJK character per token, plus the documented estimate of
 * the images, audio and files the call carries (input-estimates.ts). The bill uses the upstream's usage.
 */
export function promptEstimate(body: ParsedBody, kind: EndpointKind): number {
  const text = body.json ? estimateTokens(promptText(body.json)) + messageOverhead(body.json) : 0;
  return text + uncountedInputTokens(body, kind);
}

/** The prompt's o200k count, for a bill whose upstream reported no usage (off the event loop when long). */
export async function countPromptTokens(body: Record<string, unknown>): Promise<number> {
  return (await countTokens(promptText(body))) + messageOverhead(body);
}

/**
 * What a count_tokens call answers for a request in the OpenAI chat shape: the o200k count of its prompt
 * text and of its tool definitions, plus OpenAI's per-message overhead when `withMessageOverhead`
 * (Anthropic's count includes its own framing; Gemini's counts the text alone).
 */
export async function countRequestTokens(chat: Record<string, unknown>, withMessageOverhead: boolean): Promise<number> {
  const tools = Array.isArray(chat.tools) && chat.tools.length > 0 ? countTokens(JSON.stringify(chat.tools)) : 0;
  const [prompt, toolTokens] = await Promise.all([countTokens(promptText(chat)), tools]);
  return prompt + toolTokens + (withMessageOverhead ? messageOverhead(chat) : 0);
}
