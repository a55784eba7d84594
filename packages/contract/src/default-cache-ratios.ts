import { claudeModels } from './channel-types';

/**
 * Default prompt-cache ratios (reference notes §3.7), kept apart from the price tables. A cache ratio
 * multiplies the prompt price for tokens read from a prompt cache (missing model → 1, full price); a
 * create-cache ratio multiplies it for tokens written to one (Claude; missing model → 1.25).
 */
export const DEFAULT_CREATE_CACHE_RATIO = 1.25;

export const defaultCacheRatio: Record<string, number> = {
  'gpt-4o': 0.5,
  'gpt-4o-mini': 0.5,
  o1: 0.5,
  'o3-mini': 0.5,
  'o4-mini': 0.5,
  o3: 0.5,
  'gpt-4.1': 0.25,
  'gpt-4.1-mini': 0.25,
  'gpt-4.1-nano': 0.25,
  'gpt-5': 0.1,
  'gpt-5-mini': 0.1,
  'gpt-5-nano': 0.1,
  'deepseek-chat': 0.25,
  'deepseek-reasoner': 0.25,
  ...Object.fromEntries(claudeModels.map((model) => [model, 0.1])),
};

export const defaultCreateCacheRatio: Record<string, number> = Object.fromEntries(
  claudeModels.map((model) => [model, DEFAULT_CREATE_CACHE_RATIO]),
);
