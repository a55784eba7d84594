import { aliAdapter } from './ali/adapter';
import { anthropicAdapter } from './anthropic/adapter';
import { baiduAdapter } from './baidu/adapter';
import { bedrockAdapter } from './aws-bedrock/adapter';
import { cozeAdapter } from './coze/adapter';
import { difyAdapter } from './dify/adapter';
import { geminiAdapter } from './gemini/adapter';
import { openAICompatibleAdapter } from './openai-compatible/adapter';
import type { ProviderAdapter } from './provider';
import { replicateAdapter } from './replicate/adapter';
import { tencentAdapter } from './tencent/adapter';
import { vertexAdapter } from './vertex/adapter';
import { zhipuAdapter } from './zhipu/adapter';

/** Adapters by channel type; every type not listed speaks the OpenAI API. One line per family. */
const adapters = new Map<number, ProviderAdapter>([
  [14, anthropicAdapter],
  [15, baiduAdapter],
  [33, bedrockAdapter],
  [24, geminiAdapter],
  [41, vertexAdapter],
  [37, difyAdapter],
  [49, cozeAdapter],
  [23, tencentAdapter],
  [16, zhipuAdapter],
  [56, replicateAdapter],
  [17, aliAdapter],
]);

/** The adapter of a channel type (OpenAI-compatible unless a family claims the type). */
export function adapterFor(channelType: number): ProviderAdapter {
  return adapters.get(channelType) ?? openAICompatibleAdapter;
}
