import { AZURE_DEFAULT_API_VERSION, ChannelType, XUNFEI_DEFAULT_MODEL_VERSION } from '@switchboard/contract';

/** How the editor labels and fills the fields whose meaning depends on the type (spec 001 "Type-specific fields"). */
export interface TypeFieldSpec {
  /** i18n key (channel namespace) of the base URL label. */
  baseUrlLabel: string;
  /** i18n key of a hint under the base URL, when the type needs one. */
  baseUrlHint?: string;
  /** The `other` field, when the type uses it: its label key and placeholder. */
  other?: { label: string; placeholder: string };
  /** Type 1: the organization field. */
  organization?: boolean;
  /** Type 41: the key is a service-account JSON document. */
  jsonKey?: boolean;
  /** Type 40: a notice with an invite link. */
  invite?: string;
  /** The key's form when it is not a plain API key (Baidu, Zhipu v1, Tencent). */
  keyFormat?: string;
}

/** Where type 40's notice points. */
export const SILICONFLOW_INVITE_LINK = 'https://cloud.siliconflow.cn/';
/** Spec 000 §9: the Vertex-style region default. */
export const VERTEX_DEFAULT_REGION = 'us-central1';

const specs: Record<number, Partial<TypeFieldSpec>> = {
  [ChannelType.OpenAI]: { organization: true },
  [ChannelType.OpenRouter]: { other: { label: 'editor.other.appUrl', placeholder: 'https://' } },
  [ChannelType.Azure]: {
    baseUrlLabel: 'editor.baseUrl.azure',
    other: { label: 'editor.other.apiVersion', placeholder: AZURE_DEFAULT_API_VERSION },
  },
  [ChannelType.Custom]: { baseUrlLabel: 'editor.baseUrl.custom', baseUrlHint: 'editor.baseUrl.customHint' },
  [ChannelType.Xunfei]: {
    keyFormat: 'APIPassword',
    other: { label: 'editor.other.modelVersion', placeholder: XUNFEI_DEFAULT_MODEL_VERSION },
  },
  [ChannelType.AIProxyLibrary]: { other: { label: 'editor.other.knowledgeBase', placeholder: '' } },
  [ChannelType.FastGPT]: { baseUrlLabel: 'editor.baseUrl.privateDeployment' },
  [ChannelType.SunoAPI]: { baseUrlLabel: 'editor.baseUrl.suno', baseUrlHint: 'editor.baseUrl.sunoHint' },
  [ChannelType.Cloudflare]: { other: { label: 'editor.other.accountId', placeholder: '' } },
  [ChannelType.SiliconFlow]: { invite: SILICONFLOW_INVITE_LINK },
  [ChannelType.VertexAI]: {
    jsonKey: true,
    other: { label: 'editor.other.region', placeholder: VERTEX_DEFAULT_REGION },
  },
  [ChannelType.Baidu]: { keyFormat: 'API Key|Secret Key' },
  [ChannelType.Zhipu]: { keyFormat: 'id.secret' },
  [ChannelType.Tencent]: { keyFormat: 'AppId|SecretId|SecretKey' },
  [ChannelType.Coze]: { other: { label: 'editor.other.botId', placeholder: '' } },
};

export function typeFieldsOf(type: number): TypeFieldSpec {
  return { baseUrlLabel: 'editor.baseUrl.default', ...specs[type] };
}
