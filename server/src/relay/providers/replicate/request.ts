import type { ChatRequest } from '../../formats/openai-chat-types';
import { endpointNotServed } from '../openai-compatible/request';
import { defaultBaseUrl } from '../openai-compatible/vendors';
import type { UpstreamRequest, UpstreamTarget } from '../provider';

/** OpenAI image sizes as the aspect ratios image models on Replicate take. */
const aspectRatios: Record<string, string> = {
  '1024x1024': '1:1',
  '512x512': '1:1',
  '256x256': '1:1',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
  '1536x1024': '3:2',
  '1024x1536': '2:3',
};

/** An OpenAI image request as a prediction's `input` (prompt, number of outputs, aspect ratio). */
export function predictionInput(request: Record<string, unknown>): Record<string, unknown> {
  const ratio = typeof request.size === 'string' ? aspectRatios[request.size] : undefined;
  return {
    prompt: request.prompt,
    ...(typeof request.n === 'number' ? { num_outputs: request.n } : {}),
    ...(ratio ? { aspect_ratio: ratio } : {}),
  };
}

/**
 * A prediction created in sync mode (`Prefer: wait`, answered once the model finished or after 60
 * seconds): official models by `owner/name`, other models by `owner/name:version`.
 */
export function replicateRequest(target: UpstreamTarget, chat: ChatRequest): UpstreamRequest {
  const { channel, endpoint, upstreamModel } = target;
  if (endpoint.kind !== 'images' || endpoint.multipart) throw endpointNotServed(endpoint);
  const base = channel.baseUrl || defaultBaseUrl(channel.type);
  const input = predictionInput(chat as unknown as Record<string, unknown>);
  const [model = '', version] = upstreamModel.split(':');
  const url = version
    ? `${base}/v1/predictions`
    : `${base}/v1/models/${model.split('/').map(encodeURIComponent).join('/')}/predictions`;
  const body = version ? { version, input } : { input };
  return {
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.key}`, prefer: 'wait' },
    body: Buffer.from(JSON.stringify(body)),
  };
}
