import type { ParsedBody } from '../../formats/request-body';
import type { ClaudeAdapterSettings } from '../adapter-settings';
import { applySuffixThinking } from './thinking';

/** Output ceiling when neither the client nor `claude.default_max_tokens` says (Claude requires one). */
const FALLBACK_MAX_TOKENS = 8192;
/** Older models allow only 4096 output tokens; the `default` entry is capped for them. */
const SMALL_OUTPUT_MODELS = /claude-3-(haiku|sonnet|opus)-2024/;
const SMALL_OUTPUT_LIMIT = 4096;

/** max_tokens for a request without one: the model's own entry, else `default` (capped for older models). */
export function defaultMaxTokens(model: string, settings: ClaudeAdapterSettings): number {
  const own = settings.defaultMaxTokens[model];
  if (own !== undefined && Object.hasOwn(settings.defaultMaxTokens, model)) return own;
  const fallback = settings.defaultMaxTokens.default ?? FALLBACK_MAX_TOKENS;
  return SMALL_OUTPUT_MODELS.test(model) ? Math.min(fallback, SMALL_OUTPUT_LIMIT) : fallback;
}

const splitValues = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * `claude.model_headers_settings` for one model: each configured header is merged into `headers`
 * (lower-cased names; values already there are kept, duplicates dropped, joined with commas).
 */
export function withModelHeaders(
  headers: Record<string, string>,
  model: string,
  settings: ClaudeAdapterSettings,
): Record<string, string> {
  const extra = Object.hasOwn(settings.modelHeaders, model) ? settings.modelHeaders[model] : undefined;
  if (!extra) return headers;
  const merged = { ...headers };
  for (const [name, values] of Object.entries(extra)) {
    const key = name.toLowerCase();
    const joined = [...new Set([...splitValues(merged[key] ?? ''), ...values.flatMap(splitValues)])];
    if (joined.length > 0) merged[key] = joined.join(',');
  }
  return merged;
}

/** The configured `anthropic-beta` flags of a model, for platforms that take them in the body. */
export function modelBetaFlags(model: string, settings: ClaudeAdapterSettings): string[] {
  const beta = withModelHeaders({}, model, settings)['anthropic-beta'];
  return beta ? splitValues(beta) : [];
}

/**
 * A Claude client's own Messages body with the options applied: the default max_tokens when it has
 * none, and the thinking adapter for a `-thinking` model. Null when nothing changes (the raw bytes
 * then go upstream untouched).
 */
export function adaptedClaudeBody(
  body: ParsedBody,
  upstreamModel: string,
  settings: ClaudeAdapterSettings,
): Record<string, unknown> | null {
  const json = body.json;
  if (!json) return null;
  const needsMaxTokens = typeof json.max_tokens !== 'number';
  const needsThinking = settings.thinkingAdapterEnabled && upstreamModel.endsWith('-thinking');
  if (!needsMaxTokens && !needsThinking) return null;
  const copy = { ...json, model: upstreamModel } as Record<string, unknown> & { model: string; max_tokens: number };
  if (needsMaxTokens) copy.max_tokens = defaultMaxTokens(upstreamModel.replace(/-thinking$/, ''), settings);
  applySuffixThinking(copy, settings);
  return copy;
}
