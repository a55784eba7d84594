/**
 * The one explicit default price table, used until an administrator saves a table of their own.
 * Units follow the reference product: model ratio 1 = $0.002 per 1K prompt tokens ($2 per 1M);
 * the completion ratio multiplies the prompt price for completion tokens; a model price is US
 * dollars per call and wins over a ratio. What an administrator saves replaces a table whole; no
 * rule outside these tables changes a price, and a model in none of them is unpriced (refused).
 */
type Table = Record<string, number>;

/** [model ratio, completion ratio] per model, from the vendors' list prices per 1M tokens. */
const tokenPrices: Record<string, [number, number]> = {
  // OpenAI
  'gpt-5.1': [0.625, 8],
  'gpt-5': [0.625, 8],
  'gpt-5-chat-latest': [0.625, 8],
  'gpt-5-mini': [0.125, 8],
  'gpt-5-nano': [0.025, 8],
  'gpt-4.1': [1, 4],
  'gpt-4.1-mini': [0.2, 4],
  'gpt-4.1-nano': [0.05, 4],
  'gpt-4o': [1.25, 4],
  'gpt-4o-2024-05-13': [2.5, 3],
  'chatgpt-4o-latest': [2.5, 3],
  'gpt-4o-mini': [0.075, 4],
  'gpt-4o-audio-preview': [1.25, 4],
  'gpt-4o-mini-audio-preview': [0.075, 4],
  'gpt-4o-realtime-preview': [2.5, 4],
  'gpt-4o-mini-realtime-preview': [0.3, 4],
  'gpt-realtime': [2, 4],
  'gpt-realtime-mini': [0.3, 4],
  'gpt-4o-mini-tts': [0.3, 20],
  'gpt-4-turbo': [5, 3],
  'gpt-4': [15, 2],
  'gpt-3.5-turbo': [0.25, 3],
  o1: [7.5, 4],
  'o1-mini': [0.55, 4],
  o3: [1, 4],
  'o3-pro': [10, 4],
  'o3-mini': [0.55, 4],
  'o4-mini': [0.55, 4],
  'text-embedding-3-small': [0.01, 1],
  'text-embedding-3-large': [0.065, 1],
  'text-embedding-ada-002': [0.05, 1],
  'whisper-1': [15, 1],
  'tts-1': [7.5, 1],
  'tts-1-hd': [15, 1],
  'text-moderation-stable': [0.1, 1],
  'omni-moderation-latest': [0.1, 1],
  // Anthropic
  'claude-opus-4-5-20251101': [2.5, 5],
  'claude-opus-4-1-20250805': [7.5, 5],
  'claude-opus-4-20250514': [7.5, 5],
  'claude-sonnet-4-5-20250929': [1.5, 5],
  'claude-sonnet-4-20250514': [1.5, 5],
  'claude-3-7-sonnet-20250219': [1.5, 5],
  'claude-3-5-sonnet-20241022': [1.5, 5],
  'claude-haiku-4-5-20251001': [0.5, 5],
  'claude-3-5-haiku-20241022': [0.4, 5],
  'claude-3-haiku-20240307': [0.125, 5],
  // Google
  'gemini-3-pro-preview': [1, 6],
  'gemini-2.5-pro': [0.625, 8],
  'gemini-2.5-flash': [0.15, 8.33],
  'gemini-2.5-flash-lite': [0.05, 4],
  'gemini-2.0-flash': [0.05, 4],
  'gemini-2.0-flash-lite': [0.0375, 4],
  'gemini-embedding-001': [0.075, 1],
  'text-embedding-004': [0.01, 1],
  // DeepSeek
  'deepseek-chat': [0.14, 1.5],
  'deepseek-reasoner': [0.14, 1.5],
  // Mistral
  'mistral-large-latest': [1, 3],
  'mistral-medium-latest': [0.2, 5],
  'mistral-small-latest': [0.05, 3],
  'codestral-latest': [0.15, 3],
  'open-mistral-nemo': [0.075, 1],
  'mistral-embed': [0.05, 1],
  // Qwen (Alibaba Cloud international)
  'qwen3-max': [0.6, 5],
  'qwen-max': [0.8, 4],
  'qwen-plus': [0.2, 3],
  'qwen-turbo': [0.025, 4],
  'qwen-vl-max': [0.4, 4],
  'text-embedding-v3': [0.035, 1],
  // xAI
  'grok-4': [1.5, 5],
  'grok-4-fast': [0.1, 2.5],
  'grok-3': [1.5, 5],
  'grok-3-mini': [0.15, 1.67],
  // Moonshot, Zhipu, Cohere
  'kimi-k2-0905-preview': [0.3, 4.17],
  'glm-4.6': [0.3, 3.67],
  'glm-4.5-air': [0.1, 5.5],
  'command-r-plus': [1.25, 4],
  'command-r': [0.075, 4],
};

export const defaultModelRatio: Table = Object.fromEntries(
  Object.entries(tokenPrices).map(([model, [ratio]]) => [model, ratio]),
);

export const defaultCompletionRatio: Table = Object.fromEntries(
  Object.entries(tokenPrices).map(([model, [, completion]]) => [model, completion]),
);

/** US dollars per call: image models, and the Midjourney (mj_*) and Suno (suno_*) tasks. */
export const defaultModelPrice: Table = {
  'dall-e-2': 0.02,
  'dall-e-3': 0.04,
  'gpt-image-1': 0.04,
  'imagen-4.0-generate-001': 0.04,
  'imagen-3.0-generate-002': 0.03,
  'sora-2': 0.3,
  'veo-3.0-generate-001': 0.4,
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_video: 0.8,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  mj_upload: 0.05,
  swap_face: 0.05,
  suno_music: 0.1,
  suno_lyrics: 0.01,
};

/** Audio tokens cost this many times the model's text prompt tokens. */
export const defaultAudioRatio: Table = {
  'gpt-4o-audio-preview': 16,
  'gpt-4o-mini-audio-preview': 66.67,
  'gpt-4o-realtime-preview': 8,
  'gpt-4o-mini-realtime-preview': 16.67,
  'gpt-4o-mini-tts': 25,
  'gpt-realtime': 8,
  'gpt-realtime-mini': 16.67,
};

/** Audio completion tokens cost this many times audio prompt tokens. */
export const defaultAudioCompletionRatio: Table = {
  'gpt-4o-audio-preview': 2,
  'gpt-4o-mini-audio-preview': 2,
  'gpt-4o-realtime': 2,
  'gpt-4o-mini-realtime': 2,
  'gpt-realtime': 2,
  'gpt-4o-mini-tts': 1,
  'tts-1': 0,
  'tts-1-hd': 0,
  'tts-1-1106': 0,
  'tts-1-hd-1106': 0,
};
