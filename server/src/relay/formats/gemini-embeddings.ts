import { z } from 'zod';
import type { OpenAIEmbeddingRequest, OpenAIEmbeddingResponse } from '../providers/gemini/embeddings';
import { contentSchema } from '../providers/gemini/wire';

const embedContentSchema = z.looseObject({
  content: contentSchema,
  outputDimensionality: z.number().optional(),
});
/** The body of `:embedContent` (one content) or `:batchEmbedContents` (`requests`). */
export const embedRequestSchema = z.union([
  z.looseObject({ requests: z.array(embedContentSchema) }),
  embedContentSchema,
]);
export type EmbedRequest = z.infer<typeof embedRequestSchema>;

type EmbedContent = z.infer<typeof embedContentSchema>;

/** The contents of either body. */
export function embedContentsOf(request: EmbedRequest): EmbedContent[] {
  const batch = (request as { requests?: unknown }).requests;
  return Array.isArray(batch) ? (batch as EmbedContent[]) : [request as EmbedContent];
}

const textOf = (request: EmbedContent) => (request.content.parts ?? []).map((part) => part.text ?? '').join('');

/** embedContent / batchEmbedContents as one OpenAI embeddings request (one input per content). */
export function geminiEmbedToOpenAI(requests: EmbedContent[], model: string): OpenAIEmbeddingRequest {
  const dimensions = requests[0]?.outputDimensionality;
  return { model, input: requests.map(textOf), ...(dimensions ? { dimensions } : {}) };
}

/** OpenAI embeddings back in Gemini's shape: one `embedding` for embedContent, `embeddings` for a batch. */
export function openAIEmbeddingsToGemini(response: OpenAIEmbeddingResponse, batch: boolean) {
  const values = [...response.data].sort((a, b) => a.index - b.index).map((item) => ({ values: item.embedding }));
  return batch ? { embeddings: values } : { embedding: values[0] ?? { values: [] } };
}
