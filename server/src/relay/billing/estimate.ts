import { createRequire } from 'node:module';

type CountTokens = (text: string) => number;
let countTokens: CountTokens | null = null;

/**
 * The o200k encoder costs about 70 MB of memory and a second of start-up, and most upstreams
 * report usage, so it is loaded on first use only (synchronously, so counting stays synchronous).
 */
function encoder(): CountTokens {
  countTokens ??= (createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: CountTokens }).countTokens;
  return countTokens;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/**
 * A cheap prompt-size estimate for the reservation only (no tokenizer on the hot path): about four
 * Latin characters or one CJK character per token. The bill uses the upstream's usage.
 */
export function estimateTokens(text: string): number {
  if (!text) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  return Math.ceil((text.length - cjk) / 4) + cjk;
}

/** Real BPE count (o200k), used only when an upstream reports no usage. */
export function countTokensExactly(text: string): number {
  return text ? encoder()(text) : 0;
}

/** Text of an OpenAI-style prompt: chat messages (string or parts), prompt, input. */
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
  return pieces.join('\n');
}

/** OpenAI-format overhead: 3 tokens per message plus 3 for the reply's priming. */
export function promptEstimate(body: Record<string, unknown>, exact = false): number {
  const text = promptText(body);
  const messages = Array.isArray(body.messages) ? body.messages.length : 0;
  const overhead = messages > 0 ? messages * 3 + 3 : 0;
  return (exact ? countTokensExactly(text) : estimateTokens(text)) + overhead;
}
