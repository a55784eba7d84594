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
    | Record<string, unknown>
    | null
    | undefined;
  if (usage && typeof usage === 'object') {
    const prompt = Number(usage.prompt_tokens ?? usage.input_tokens ?? 0);
    const completion = Number(usage.completion_tokens ?? usage.output_tokens ?? 0);
    const total = Number(usage.total_tokens ?? 0);
    if (Number.isFinite(prompt) && Number.isFinite(completion) && (prompt > 0 || completion > 0)) {
      const cached = Number((usage.prompt_tokens_details as { cached_tokens?: unknown } | null | undefined)?.cached_tokens ?? 0);
      return cached > 0 ? { promptTokens: prompt, completionTokens: completion, cachedTokens: cached } : { promptTokens: prompt, completionTokens: completion };
    }
    if (Number.isFinite(total) && total > 0) return { promptTokens: total, completionTokens: 0 };
  }
  const billed = (record.meta as { billed_units?: { input_tokens?: number; search_units?: number } } | undefined)?.billed_units;
  if (billed && Number(billed.input_tokens) > 0) return { promptTokens: Number(billed.input_tokens), completionTokens: 0 };
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
