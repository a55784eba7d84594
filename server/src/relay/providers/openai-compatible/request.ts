import type { CachedChannel } from '../../caches/channel-index';
import type { Endpoint } from '../../endpoints';

export const AZURE_DEFAULT_API_VERSION = '2025-04-01-preview';
const OPENAI_BASE_URL = 'https://api.openai.com';

export interface UpstreamRequest {
  url: string;
  headers: Record<string, string>;
}

/** Default base URLs of OpenAI-compatible vendors, by channel type (reference notes §2.10). */
const defaultBaseUrls: Record<number, string> = {
  1: OPENAI_BASE_URL,
  4: 'http://localhost:11434',
  20: 'https://openrouter.ai/api',
  25: 'https://api.moonshot.cn',
  27: 'https://api.perplexity.ai',
  40: 'https://api.siliconflow.cn',
  42: 'https://api.mistral.ai',
  43: 'https://api.deepseek.com',
  48: 'https://api.x.ai',
};

function azureUrl(channel: CachedChannel, endpoint: Endpoint, model: string): string {
  const task = endpoint.path.replace(/^\/v1\//, '');
  const version = channel.other.trim() || AZURE_DEFAULT_API_VERSION;
  const deployment = model.replace(/\./g, '');
  return `${channel.baseUrl}/openai/deployments/${encodeURIComponent(deployment)}/${task}?api-version=${encodeURIComponent(version)}`;
}

/** A custom channel's base URL is the full address when it has a path; `{model}` is filled in. */
function customUrl(channel: CachedChannel, endpoint: Endpoint, model: string): string {
  const base = channel.baseUrl.replaceAll('{model}', encodeURIComponent(model));
  const hasPath = /^https?:\/\/[^/]+\/.+/.test(base);
  return hasPath ? base : `${base}${endpoint.path}`;
}

/** URL and headers of one attempt against an OpenAI-compatible channel (OpenAI, Azure, custom, vendors). */
export function buildUpstreamRequest(
  channel: CachedChannel,
  endpoint: Endpoint,
  model: string,
  contentType: string,
  stream: boolean,
): UpstreamRequest {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (stream) headers.accept = 'text/event-stream';
  if (channel.type === 3) {
    headers['api-key'] = channel.key;
    return { url: azureUrl(channel, endpoint, model), headers };
  }
  headers.authorization = `Bearer ${channel.key}`;
  if (channel.type === 1 && channel.organization) headers['openai-organization'] = channel.organization;
  if (channel.type === 8) return { url: customUrl(channel, endpoint, model), headers };
  const base = channel.baseUrl || defaultBaseUrls[channel.type] || OPENAI_BASE_URL;
  return { url: `${base}${endpoint.path}`, headers };
}
