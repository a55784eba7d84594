import type { ChatRequest } from '../../formats/openai-chat-types';
import type { ClaudeRequest } from './request';

/** Claude's smallest thinking budget is 1024 tokens; the reference product never asks for less than 1280. */
const MIN_THINKING_MAX_TOKENS = 1280;
/** Share of max_tokens given to thinking for a `-thinking` model name. */
const SUFFIX_BUDGET_SHARE = 0.8;
/** Thinking budgets for OpenAI's reasoning_effort. */
const EFFORT_BUDGETS: Record<string, number> = { low: 1280, medium: 2048, high: 4096 };
const THINKING_SUFFIX = '-thinking';

/**
 * Extended thinking for OpenAI clients (reference notes' behaviour): a model name ending in
 * `-thinking` enables it with 80% of max_tokens (the suffix is dropped upstream), and reasoning_effort
 * low/medium/high asks for 1280/2048/4096 tokens. Claude refuses temperature, top_p and top_k changes
 * while thinking, and wants max_tokens above the budget.
 */
export function applyThinking(claude: ClaudeRequest, chat: ChatRequest): void {
  let budget: number | undefined;
  if (claude.model.endsWith(THINKING_SUFFIX)) {
    claude.model = claude.model.slice(0, -THINKING_SUFFIX.length);
    claude.max_tokens = Math.max(claude.max_tokens, MIN_THINKING_MAX_TOKENS);
    budget = Math.floor(claude.max_tokens * SUFFIX_BUDGET_SHARE);
  }
  const effort = typeof chat.reasoning_effort === 'string' ? EFFORT_BUDGETS[chat.reasoning_effort] : undefined;
  budget = effort ?? budget;
  if (budget === undefined) return;
  claude.thinking = { type: 'enabled', budget_tokens: budget };
  if (claude.max_tokens <= budget) claude.max_tokens = budget + MIN_THINKING_MAX_TOKENS;
  delete claude.temperature;
  delete claude.top_p;
  delete claude.top_k;
}
