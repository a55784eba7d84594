import { batchEmbedResponseSchema } from './wire';

export interface OpenAIEmbeddingRequest {
  model: string;
  input: string | string[] | number[] | number[][];
  dimensions?: number;
}

export interface OpenAIEmbeddingResponse {
  object: 'list';
  data: Array<{ object: 'embedding'; index: number; embedding: number[] }>;
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

export interface BatchEmbedRequest {
  requests: Array<{
    model: string;
    content: { parts: Array<{ text: string }> };
    outputDimensionality?: number;
    taskType?: string;
  }>;
}

function inputsOf(input: OpenAIEmbeddingRequest['input']): string[] {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return [];
  // Token-id arrays cannot be sent to Gemini as text; they are joined as numbers, as a string.
  return (input as unknown[]).map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

/** OpenAI embeddings (one input or many) as one batchEmbedContents request. */
export function toBatchEmbedRequest(request: OpenAIEmbeddingRequest, upstreamModel: string): BatchEmbedRequest {
  return {
    requests: inputsOf(request.input).map((text) => ({
      model: `models/${upstreamModel}`,
      content: { parts: [{ text }] },
      ...(request.dimensions ? { outputDimensionality: request.dimensions } : {}),
    })),
  };
}

/** batchEmbedContents' answer in OpenAI's shape; Gemini reports no usage, so it is left at zero. */
export function toEmbeddingResponse(payload: unknown, model: string): OpenAIEmbeddingResponse | null {
  const parsed = batchEmbedResponseSchema.safeParse(payload);
  if (!parsed.success) return null;
  return {
    object: 'list',
    data: parsed.data.embeddings.map((embedding, index) => ({
      object: 'embedding',
      index,
      embedding: embedding.values,
    })),
    model,
    usage: { prompt_tokens: 0, total_tokens: 0 },
  };
}
