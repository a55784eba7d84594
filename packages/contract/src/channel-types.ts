/**
 * The channel-type catalogue (spec 000 §1, spec 001 §9, reference notes §2.10): every upstream type id
 * with its display name, default base URL and default models. It feeds `GET /api/models`, the editor's
 * type list and its "fill related models" button.
 */
export interface ChannelTypeInfo {
  id: number;
  name: string;
  /** Used when a channel leaves base_url empty; empty when the type has no fixed host. */
  baseUrl: string;
  models: readonly string[];
  /** Kept so that channels imported from the reference product still show a name; not offered for new channels. */
  legacy?: boolean;
  /**
   * false: Switchboard has no adapter for this type's API yet; channels of it cannot be created or
   * edited, and the editor shows the type as unavailable.
   */
  relayable?: false;
  /** The endpoints the type serves: the chat relay (the default), or one task platform's routes only. */
  serves?: ChannelService;
}

/** What a channel type answers: the relay's model endpoints, or one task platform's own routes. */
export type ChannelService = 'relay' | 'midjourney' | 'suno' | 'video';

export const ChannelType = {
  OpenAI: 1,
  Midjourney: 2,
  Azure: 3,
  Ollama: 4,
  MidjourneyPlus: 5,
  Custom: 8,
  AIProxy: 10,
  API2GPT: 12,
  AIGC2D: 13,
  Anthropic: 14,
  Baidu: 15,
  Zhipu: 16,
  Xunfei: 18,
  OpenRouter: 20,
  AIProxyLibrary: 21,
  FastGPT: 22,
  Tencent: 23,
  Gemini: 24,
  Moonshot: 25,
  SunoAPI: 36,
  Cloudflare: 39,
  SiliconFlow: 40,
  VertexAI: 41,
  DeepSeek: 43,
  Coze: 49,
} as const;

const openAiModels = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  'o1',
  'o3',
  'o3-mini',
  'o4-mini',
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
  'text-embedding-3-small',
  'text-embedding-3-large',
  'text-embedding-ada-002',
  'whisper-1',
  'tts-1',
  'tts-1-hd',
  'gpt-4o-realtime-preview',
  'gpt-4o-mini-realtime-preview',
  'gpt-realtime',
  'gpt-realtime-mini',
  'gpt-realtime-1.5',
  'gpt-realtime-2',
  'gpt-realtime-2.1',
  'gpt-realtime-2.1-mini',
  'gpt-realtime-whisper',
  'gpt-realtime-translate',
  'dall-e-3',
  'omni-moderation-latest',
  'text-moderation-stable',
];

/** Claude models offered by default on Claude channels (Anthropic, Bedrock, Vertex). */
export const claudeModels = [
  'claude-3-haiku-20240307',
  'claude-3-5-haiku-20241022',
  'claude-3-5-sonnet-20241022',
  'claude-3-7-sonnet-20250219',
  'claude-sonnet-4-20250514',
  'claude-sonnet-4-5-20250929',
  'claude-opus-4-1-20250805',
  'claude-opus-4-5-20251101',
  'claude-haiku-4-5-20251001',
];

const geminiModels = [
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'gemini-2.0-flash',
  'text-embedding-004',
];

/** The drawing models of types 2 and 5 (spec 001 §9). */
export const midjourneyModels = [
  'mj_imagine',
  'mj_variation',
  'mj_reroll',
  'mj_blend',
  'mj_upscale',
  'mj_describe',
  'mj_zoom',
  'mj_custom_zoom',
  'mj_shorten',
  'mj_modal',
  'mj_inpaint',
  'mj_high_variation',
  'mj_low_variation',
  'mj_pan',
  'mj_upload',
  'swap_face',
];

/** The music models of type 36 (spec 001 §9). */
export const sunoModels = ['suno_music', 'suno_lyrics'];

const catalogue: ChannelTypeInfo[] = [
  { id: 1, name: 'OpenAI', baseUrl: 'https://api.openai.com', models: openAiModels },
  { id: 2, name: 'Midjourney Proxy', baseUrl: '', models: midjourneyModels, serves: 'midjourney' },
  { id: 3, name: 'Azure OpenAI', baseUrl: '', models: openAiModels },
  {
    id: 4,
    name: 'Ollama',
    baseUrl: 'http://localhost:11434',
    models: ['llama3.2', 'qwen2.5', 'deepseek-r1', 'mistral', 'nomic-embed-text'],
  },
  { id: 5, name: 'Midjourney Proxy Plus', baseUrl: '', models: midjourneyModels, serves: 'midjourney' },
  { id: 6, name: 'OpenAIMax', baseUrl: 'https://api.openaimax.com', models: openAiModels, legacy: true },
  { id: 7, name: 'OhMyGPT', baseUrl: 'https://api.ohmygpt.com', models: openAiModels, legacy: true },
  { id: 8, name: 'Custom', baseUrl: '', models: openAiModels },
  { id: 9, name: 'AILS', baseUrl: 'https://api.caipacity.com', models: openAiModels, legacy: true },
  { id: 10, name: 'AI Proxy', baseUrl: 'https://api.aiproxy.io', models: openAiModels },
  { id: 11, name: 'Google PaLM2', baseUrl: '', models: ['chat-bison-001'], relayable: false },
  { id: 12, name: 'API2GPT', baseUrl: 'https://api.api2gpt.com', models: openAiModels },
  { id: 13, name: 'AIGC2D', baseUrl: 'https://api.aigc2d.com', models: openAiModels },
  { id: 14, name: 'Anthropic Claude', baseUrl: 'https://api.anthropic.com', models: claudeModels },
  {
    id: 15,
    name: 'Baidu Wenxin',
    baseUrl: 'https://aip.baidubce.com',
    models: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'Embedding-V1'],
  },
  {
    id: 16,
    name: 'Zhipu ChatGLM',
    baseUrl: 'https://open.bigmodel.cn',
    models: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  },
  {
    id: 17,
    name: 'Alibaba Qwen',
    baseUrl: 'https://dashscope.aliyuncs.com',
    models: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-max-longcontext', 'text-embedding-v1'],
  },
  {
    id: 18,
    name: 'iFlytek Spark',
    baseUrl: 'https://spark-api-open.xf-yun.com',
    models: ['lite', 'generalv3', 'pro-128k', 'generalv3.5', 'max-32k', '4.0Ultra'],
  },
  {
    id: 19,
    name: '360 Zhinao',
    baseUrl: 'https://api.360.cn',
    models: ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'],
  },
  {
    id: 20,
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api',
    models: [
      'openai/gpt-4o',
      'openai/gpt-4o-mini',
      'anthropic/claude-sonnet-4',
      'google/gemini-2.5-pro',
      'deepseek/deepseek-chat',
    ],
  },
  {
    id: 21,
    name: 'AI Proxy Library',
    baseUrl: 'https://api.aiproxy.io',
    models: ['gpt-3.5-turbo', 'gpt-4'],
    relayable: false,
  },
  { id: 22, name: 'FastGPT', baseUrl: 'https://fastgpt.run/api/openapi', models: ['gpt-3.5-turbo', 'gpt-4'] },
  {
    id: 23,
    name: 'Tencent Hunyuan',
    baseUrl: 'https://hunyuan.tencentcloudapi.com',
    models: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-turbo'],
  },
  { id: 24, name: 'Google Gemini', baseUrl: 'https://generativelanguage.googleapis.com', models: geminiModels },
  {
    id: 25,
    name: 'Moonshot',
    baseUrl: 'https://api.moonshot.cn',
    models: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k', 'kimi-k2-0711-preview'],
  },
  {
    id: 26,
    name: 'Zhipu GLM-4',
    baseUrl: 'https://open.bigmodel.cn',
    models: ['glm-4', 'glm-4v', 'glm-4-plus', 'glm-4-air', 'glm-4-flash', 'embedding-3'],
  },
  {
    id: 27,
    name: 'Perplexity',
    baseUrl: 'https://api.perplexity.ai',
    models: ['sonar', 'sonar-pro', 'sonar-reasoning', 'sonar-reasoning-pro', 'sonar-deep-research'],
  },
  {
    id: 31,
    name: '01.AI Yi',
    baseUrl: 'https://api.lingyiwanwu.com',
    models: ['yi-large', 'yi-medium', 'yi-lightning', 'yi-vision'],
  },
  { id: 33, name: 'AWS Bedrock Claude', baseUrl: '', models: claudeModels },
  {
    id: 34,
    name: 'Cohere',
    baseUrl: 'https://api.cohere.ai',
    models: ['command-r', 'command-r-plus', 'command-a-03-2025', 'rerank-english-v3.0', 'rerank-multilingual-v3.0'],
  },
  {
    id: 35,
    name: 'MiniMax',
    baseUrl: 'https://api.minimax.chat',
    models: ['abab6.5s-chat', 'abab6.5-chat', 'MiniMax-Text-01', 'MiniMax-M1'],
  },
  { id: 36, name: 'Suno API', baseUrl: '', models: sunoModels, serves: 'suno' },
  { id: 37, name: 'Dify', baseUrl: 'https://api.dify.ai', models: ['dify'] },
  {
    id: 38,
    name: 'Jina',
    baseUrl: 'https://api.jina.ai',
    models: ['jina-embeddings-v3', 'jina-reranker-v2-base-multilingual', 'jina-clip-v2'],
  },
  {
    id: 39,
    name: 'Cloudflare Workers AI',
    baseUrl: 'https://api.cloudflare.com',
    models: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3.3-70b-instruct-fp8-fast', '@cf/baai/bge-m3'],
  },
  {
    id: 40,
    name: 'SiliconFlow',
    baseUrl: 'https://api.siliconflow.cn',
    models: ['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
  },
  {
    id: 41,
    name: 'Google Vertex AI',
    baseUrl: '',
    models: [...geminiModels.slice(0, 4), 'claude-sonnet-4-20250514', 'claude-3-5-sonnet-20241022'],
  },
  {
    id: 42,
    name: 'Mistral AI',
    baseUrl: 'https://api.mistral.ai',
    models: ['mistral-large-latest', 'mistral-small-latest', 'open-mistral-nemo', 'codestral-latest', 'mistral-embed'],
  },
  { id: 43, name: 'DeepSeek', baseUrl: 'https://api.deepseek.com', models: ['deepseek-chat', 'deepseek-reasoner'] },
  {
    id: 44,
    name: 'MokaAI M3E',
    baseUrl: 'https://api.moka.ai',
    models: ['m3e-large', 'm3e-base', 'm3e-small'],
    relayable: false,
  },
  {
    id: 45,
    name: 'VolcEngine Doubao',
    baseUrl: 'https://ark.cn-beijing.volces.com',
    models: [
      'doubao-seed-1-6-250615',
      'doubao-1-5-pro-32k-250115',
      'doubao-1-5-lite-32k-250115',
      'deepseek-r1-250528',
      'deepseek-v3-250324',
    ],
  },
  {
    id: 46,
    name: 'Baidu Qianfan V2',
    baseUrl: 'https://qianfan.baidubce.com',
    models: ['ernie-4.5-turbo-128k', 'ernie-4.0-8k-latest', 'ernie-3.5-8k', 'ernie-speed-128k'],
  },
  { id: 47, name: 'Xinference', baseUrl: '', models: ['bge-reranker-v2-m3', 'jina-reranker-v2'] },
  {
    id: 48,
    name: 'xAI',
    baseUrl: 'https://api.x.ai',
    models: ['grok-4', 'grok-3', 'grok-3-mini', 'grok-2-vision-1212'],
  },
  { id: 49, name: 'Coze', baseUrl: 'https://api.coze.cn', models: [] },
  {
    id: 50,
    name: 'Kling',
    baseUrl: 'https://api.klingai.com',
    models: ['kling-v1', 'kling-v1-6', 'kling-v2-master'],
    relayable: false,
  },
  {
    id: 51,
    name: 'Jimeng',
    baseUrl: 'https://visual.volcengineapi.com',
    models: ['jimeng_vgfm_t2v_l20', 'jimeng_vgfm_i2v_l20'],
    relayable: false,
  },
  { id: 52, name: 'Vidu', baseUrl: 'https://api.vidu.cn', models: ['viduq1', 'vidu2.0', 'vidu1.5'], relayable: false },
  {
    id: 53,
    name: 'Submodel',
    baseUrl: 'https://llm.submodel.ai',
    models: ['deepseek-ai/DeepSeek-V3-0324', 'Qwen/Qwen3-235B-A22B'],
  },
  {
    id: 54,
    name: 'Doubao Video',
    baseUrl: 'https://ark.cn-beijing.volces.com',
    models: ['doubao-seedance-1-0-pro-250528', 'doubao-seedance-1-0-lite-t2v-250428'],
    relayable: false,
  },
  { id: 55, name: 'Sora', baseUrl: 'https://api.openai.com', models: ['sora-2', 'sora-2-pro'], serves: 'video' },
  {
    id: 56,
    name: 'Replicate',
    baseUrl: 'https://api.replicate.com',
    models: ['black-forest-labs/flux-schnell', 'black-forest-labs/flux-dev'],
  },
  { id: 57, name: 'Codex', baseUrl: 'https://chatgpt.com', models: ['gpt-5', 'gpt-5-codex'], relayable: false },
  { id: 58, name: 'Advanced Custom', baseUrl: '', models: [], relayable: false },
];

/** Every known type, in id order. */
export const channelTypes: readonly ChannelTypeInfo[] = catalogue;

const byId = new Map(catalogue.map((type) => [type.id, type]));

export function channelTypeById(id: number): ChannelTypeInfo | undefined {
  return byId.get(id);
}

export const isKnownChannelType = (id: number): boolean => byId.has(id);

/** Whether channels of this type can relay (a known type not marked `relayable: false`). */
export const isRelayableChannelType = (id: number): boolean => byId.get(id)?.relayable !== false && byId.has(id);

/** The endpoints channels of this type serve (an unknown type: the relay's, where it fails as misconfigured). */
export const channelServiceOf = (id: number): ChannelService => byId.get(id)?.serves ?? 'relay';

/** The display name of a type, or `Unknown (id)` for an id the catalogue does not know. */
export function channelTypeName(id: number): string {
  return byId.get(id)?.name ?? `Unknown (${id})`;
}

/** `data` of `GET /api/models`: type id → its default models. */
export function defaultModelsByType(): Record<string, string[]> {
  return Object.fromEntries(catalogue.map((type) => [String(type.id), [...type.models]]));
}

/** Every model any type offers by default, sorted and without repeats ("fill all models"). */
export function allDefaultModels(): string[] {
  return [...new Set(catalogue.flatMap((type) => type.models))].sort();
}
