import { anthropicAdapter } from './anthropic/adapter';
import { bedrockAdapter } from './aws-bedrock/adapter';
import { geminiAdapter } from './gemini/adapter';
import { openAICompatibleAdapter } from './openai-compatible/adapter';
import type { ProviderAdapter } from './provider';
import { vertexAdapter } from './vertex/adapter';

/** Adapters by channel type; every type not listed speaks the OpenAI API. One line per family. */
const adapters = new Map<number, ProviderAdapter>([
  [14, anthropicAdapter],
  [33, bedrockAdapter],
  [24, geminiAdapter],
  [41, vertexAdapter],
]);

/** The adapter of a channel type (OpenAI-compatible unless a family claims the type). */
export function adapterFor(channelType: number): ProviderAdapter {
  return adapters.get(channelType) ?? openAICompatibleAdapter;
}
