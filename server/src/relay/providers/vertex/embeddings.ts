import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import type { OpenAIEmbeddingRequest, OpenAIEmbeddingResponse } from '../gemini/embeddings';

/** Vertex AI's text-embedding `:predict` answer: one prediction per instance, with its token count. */
const predictResponseSchema = z.looseObject({
  predictions: z.array(
    z.looseObject({
      embeddings: z.looseObject({
        values: z.array(z.number()),
        statistics: z.looseObject({ token_count: z.number().optional() }).optional(),
      }),
    }),
  ),
});

/** OpenAI embeddings as a Vertex `:predict` request (one instance per input). */
export function toPredictRequest(request: OpenAIEmbeddingRequest) {
  const inputs =
    typeof request.input === 'string'
      ? [request.input]
      : (request.input as unknown[]).map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  return {
    instances: inputs.map((content) => ({ content })),
    ...(request.dimensions ? { parameters: { outputDimensionality: request.dimensions } } : {}),
  };
}

/** A `:predict` answer in OpenAI's shape, with the usage Vertex counted; null when it is not one. */
export function fromPredictResponse(
  payload: unknown,
  model: string,
): { response: OpenAIEmbeddingResponse; usage: Usage | null } | null {
  const parsed = predictResponseSchema.safeParse(payload);
  if (!parsed.success) return null;
  const tokens = parsed.data.predictions.reduce(
    (sum, prediction) => sum + (prediction.embeddings.statistics?.token_count ?? 0),
    0,
  );
  return {
    response: {
      object: 'list',
      data: parsed.data.predictions.map((prediction, index) => ({
        object: 'embedding',
        index,
        embedding: prediction.embeddings.values,
      })),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
    usage: tokens > 0 ? { promptTokens: tokens, completionTokens: 0 } : null,
  };
}
