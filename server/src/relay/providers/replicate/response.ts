import { z } from 'zod';
import type { ChatCompletion } from '../../formats/openai-chat-types';
import type { OpenAIWhole, UpstreamTarget } from '../provider';
import { upstreamAnswerOf } from '../../parse-json';
import { replicateError } from './errors';

const prediction = z.looseObject({
  id: z.string(),
  status: z.string(),
  output: z.union([z.string(), z.array(z.string())]).nullish(),
  error: z.string().nullish(),
});

/**
 * A finished prediction as OpenAI's images answer (`data: [{url}]`). A failed or canceled prediction
 * is the upstream's error; one still running after the sync wait is answered as a gateway timeout.
 */
export function replicateWhole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole {
  const result = upstreamAnswerOf(prediction, bytes.toString('utf8'));
  if (result.status === 'failed' || result.status === 'canceled')
    throw replicateError(
      500,
      result.error || `prediction ${result.id} ${result.status}`,
      target.channel,
      'prediction_failed',
    );
  if (result.status !== 'succeeded')
    throw replicateError(
      504,
      `prediction ${result.id} is still ${result.status} after the sync wait`,
      target.channel,
      'prediction_pending',
    );
  const urls = typeof result.output === 'string' ? [result.output] : (result.output ?? []);
  const images = { created: Math.floor(Date.now() / 1000), data: urls.map((url) => ({ url })) };
  return { completion: images as unknown as ChatCompletion, usage: null };
}
