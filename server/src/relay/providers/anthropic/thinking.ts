import type { ChatRequest } from '../../formats/openai-chat-types';
import type { ClaudeAdapterSettings } from '../adapter-settings';

/** Claude's smallest thinking budget is 1024 tokens; the reference product never asks for less than 1280. */
const MIN_THINKING_MAX_TOKENS = 1280;
/** Thinking budgets for OpenAI's reasoning_effort. */
const EFFORT_BUDGETS: Record<string, number> = { low: 1280, medium: 2048, high: 4096 };
const THINKING_SUFFIX = '-thinking';

/** The Claude body fields thinking touches (a converted request or a client's own Messages body). */
interface ThinkingFields {
  model: string;
  max_tokens: number;
  thinking?: unknown;
  temperature?: number;
  top_p?: number;
  top_k?: number;
}

function enableThinking(claude: ThinkingFields, budget: number): void {
  claude.thinking = { type: 'enabled', budget_tokens: budget };
  if (claude.max_tokens <= budget) claude.max_tokens = budget + MIN_THINKING_MAX_TOKENS;
  // Claude refuses temperature, top_p and top_k changes while thinking.
  delete claude.temperature;
  delete claude.top_p;
  delete claude.top_k;
}

/**
 * The thinking adapter (`claude.thinking_adapter_enabled`): a model name ending in `-thinking` loses
 * the suffix upstream and, unless the body already asks for thinking, gets a budget of
 * `claude.thinking_adapter_budget_tokens_percentage` of max_tokens (max_tokens at least 1280).
 * Answers the budget it set, if any.
 */
export function applySuffixThinking(claude: ThinkingFields, settings: ClaudeAdapterSettings): number | undefined {
  if (!settings.thinkingAdapterEnabled || !claude.model.endsWith(THINKING_SUFFIX)) return undefined;
  claude.model = claude.model.slice(0, -THINKING_SUFFIX.length);
  if (claude.thinking !== undefined) return undefined;
  claude.max_tokens = Math.max(claude.max_tokens, MIN_THINKING_MAX_TOKENS);
  const budget = Math.floor(claude.max_tokens * settings.thinkingBudgetShare);
  enableThinking(claude, budget);
  return budget;
}

/**
 * Extended thinking for OpenAI clients (reference notes' behaviour): the `-thinking` adapter above,
 * and reasoning_effort low/medium/high asking for 1280/2048/4096 tokens (effort wins).
 */
export function applyThinking(claude: ThinkingFields, chat: ChatRequest, settings: ClaudeAdapterSettings): void {
  applySuffixThinking(claude, settings);
  const effort = typeof chat.reasoning_effort === 'string' ? EFFORT_BUDGETS[chat.reasoning_effort] : undefined;
  if (effort !== undefined) enableThinking(claude, effort);
}
