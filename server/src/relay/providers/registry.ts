import { openAICompatibleAdapter } from './openai-compatible/adapter';
import type { ProviderAdapter } from './provider';

/** Adapters by channel type; every type not listed speaks the OpenAI API. One line per family. */
const adapters = new Map<number, ProviderAdapter>([]);

/** The adapter of a channel type (OpenAI-compatible unless a family claims the type). */
export function adapterFor(channelType: number): ProviderAdapter {
  return adapters.get(channelType) ?? openAICompatibleAdapter;
}
