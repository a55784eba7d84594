import type { Usage } from '../billing/quota';

/**
 * Reads usage from any OpenAI-style object: chat/completions/embeddings (prompt_tokens,
 * completion_tokens), responses (input_tokens, output_tokens, also nested in `response`), rerank
 * (`usage.total_tokens` or `meta.billed_units`).
 */
export function usageOf(payload: unknown): Usage | null {
  if (!payload || typeof payload !== 'object') return null;
  const record = payload as Record<string, unknown>;
  const usage = (record.usage ?? (record.response as Record<string, unknown> | undefined)?.usage) as
    Record<string, unknown> | null | undefined;
  if (usage && typeof usage === 'object') {
    const prompt = Number(usage.prompt_tokens ?? usage.input_tokens ?? 0);
    const completion = Number(usage.completion_tokens ?? usage.output_tokens ?? 0);
    const total = Number(usage.total_tokens ?? 0);
    if (Number.isFinite(prompt) && Number.isFinite(completion) && (prompt > 0 || completion > 0)) {
      const cached = Number(
        (usage.prompt_tokens_details as { cached_tokens?: unknown } | null | undefined)?.cached_tokens ?? 0,
      );
      return cached > 0
        ? { promptTokens: prompt, completionTokens: completion, cachedTokens: cached }
        : { promptTokens: prompt, completionTokens: completion };
    }
    if (Number.isFinite(total) && total > 0) return { promptTokens: total, completionTokens: 0 };
  }
  const billed = (record.meta as { billed_units?: { input_tokens?: number; search_units?: number } } | undefined)
    ?.billed_units;
  if (billed && Number(billed.input_tokens) > 0)
    return { promptTokens: Number(billed.input_tokens), completionTokens: 0 };
  return null;
}

/** Text an OpenAI-style chunk or message carries (delta content, reasoning, completion text). */
export function textOf(payload: Record<string, unknown>): string {
  const choices = payload.choices;
  if (!Array.isArray(choices)) return typeof payload.delta === 'string' ? payload.delta : '';
  let text = '';
  for (const choice of choices as Array<Record<string, unknown>>) {
    const part = (choice.delta ?? choice.message) as Record<string, unknown> | undefined;
    if (part) {
      if (typeof part.content === 'string') text += part.content;
      if (typeof part.reasoning_content === 'string') text += part.reasoning_content;
      if (Array.isArray(part.tool_calls)) text += JSON.stringify(part.tool_calls);
    } else if (typeof choice.text === 'string') {
      text += choice.text;
    }
  }
  return text;
}

const USAGE_KEY = Buffer.from('"usage":');
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The end (inclusive) of the JSON object that opens at `start`, or -1. */
function objectEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE) depth += 1;
    else if (byte === CLOSE_BRACE && --depth === 0) return index;
  }
  return -1;
}

/**
 * Usage from the last `"usage":{…}` of a JSON answer, without parsing the whole answer (an
 * embeddings answer can be megabytes; its usage sits at the end). Null when it is not found that
 * way; the caller then parses the whole answer.
 */
export function usageFromJsonTail(bytes: Buffer): Usage | null {
  let key = bytes.lastIndexOf(USAGE_KEY);
  // A key inside a string would be escaped (\"usage\":), so an unescaped one is a real key.
  while (key > 0 && bytes[key - 1] === BACKSLASH) key = bytes.lastIndexOf(USAGE_KEY, key - 1);
  if (key < 0) return null;
  let start = key + USAGE_KEY.length;
  while (start < bytes.length && (bytes[start] ?? OPEN_BRACE) <= 0x20) start += 1;
  if (bytes[start] !== OPEN_BRACE) return null;
  const end = objectEnd(bytes, start);
  if (end < 0) return null;
  try {
    return usageOf({ usage: JSON.parse(bytes.toString('utf8', start, end + 1)) });
  } catch {
    return null;
  }
}
