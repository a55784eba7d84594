import { channelTypeName } from '@switchboard/contract';
import type { CachedChannel } from '../../caches/channel-index';
import type { Endpoint } from '../../endpoints';
import { fill, type Text } from '../../../platform/text';
import { channelFault, invalidRequest, type RelayError } from '../../relay-error';
import { vendorUrl } from './vendors';
import { messages } from '../../../platform/i18n/catalogue';

export const AZURE_DEFAULT_API_VERSION = '2025-04-01-preview';

export interface UpstreamRequest {
  url: string;
  headers: Record<string, string>;
}

/** A channel that cannot be called as configured: another channel may do better, and this one is at fault. */
export const misconfigured = (channel: CachedChannel, text: Text, extra: Record<string, string> = {}): RelayError =>
  channelFault(fill(text, { channel: channel.name, ...extra }), 500, 'channel_misconfigured');

/** The client asked for an endpoint this vendor does not have: not the channel's fault, nothing to retry. */
export const endpointNotServed = (endpoint: Endpoint): RelayError =>
  invalidRequest(fill(messages.provider.endpointNotServed, { path: endpoint.path }), 'unsupported_endpoint');

function requireBase(channel: CachedChannel): string {
  if (!channel.baseUrl) throw misconfigured(channel, messages.provider.noBaseUrl);
  return channel.baseUrl;
}

function azureUrl(channel: CachedChannel, endpoint: Endpoint, model: string): string {
  const task = endpoint.path.replace(/^\/v1\//, '');
  const version = channel.other.trim() || AZURE_DEFAULT_API_VERSION;
  const deployment = model.replace(/\./g, '');
  return `${requireBase(channel)}/openai/deployments/${encodeURIComponent(deployment)}/${task}?api-version=${encodeURIComponent(version)}`;
}

/** A custom channel's base URL is the full address when it has a path; `{model}` is filled in. */
function customUrl(channel: CachedChannel, endpoint: Endpoint, model: string): string {
  const base = requireBase(channel).replaceAll('{model}', encodeURIComponent(model));
  const hasPath = /^https?:\/\/[^/]+\/.+/.test(base);
  return hasPath ? base : `${base}${endpoint.path}`;
}

/** The vendor's address and extra headers; a channel that cannot be called as configured is refused. */
function vendorRoute(channel: CachedChannel, endpoint: Endpoint, model: string) {
  const route = vendorUrl(channel, endpoint.kind, endpoint.path, model);
  if (route.ok) return route;
  if (route.reason === 'unsupported') throw endpointNotServed(endpoint);
  if (route.reason === 'no_base_url') throw misconfigured(channel, messages.provider.noBaseUrl);
  if (route.reason === 'no_account') throw misconfigured(channel, messages.provider.noAccount);
  throw misconfigured(channel, messages.provider.notRelayable, { type: channelTypeName(channel.type) });
}

/**
 * URL and headers of one attempt against an OpenAI-compatible channel (OpenAI, Azure, custom and the
 * vendors of `vendors.ts`). Throws a RelayError when the channel cannot be called as configured.
 */
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
  const route = vendorRoute(channel, endpoint, model);
  return { url: route.url, headers: route.headers ? { ...headers, ...route.headers } : headers };
}
