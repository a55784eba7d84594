/**
 * OpenAI's `encoding_format: "base64"` (the default of the official SDK since v5): each embedding travels
 * as the base64 of its little-endian float32 values. Vendors the gateway converts (Gemini, Vertex, Baidu…)
 * answer float arrays, so their answers are encoded here when the client asked for base64.
 */
export function base64Embedding(values: readonly number[]): string {
  const buffer = Buffer.allocUnsafe(values.length * 4);
  for (let index = 0; index < values.length; index += 1) buffer.writeFloatLE(values[index] ?? 0, index * 4);
  return buffer.toString('base64');
}

/** An OpenAI embeddings answer in the format the request asked for (float arrays already base64 are left). */
export function embeddingsAsRequested<T>(answer: T, request: Record<string, unknown> | null | undefined): T {
  if (request?.encoding_format !== 'base64') return answer;
  const data = (answer as { data?: unknown }).data;
  if (!Array.isArray(data)) return answer;
  return {
    ...answer,
    data: data.map((item: unknown) => {
      const entry = item as { embedding?: unknown };
      return Array.isArray(entry.embedding)
        ? { ...entry, embedding: base64Embedding(entry.embedding as number[]) }
        : item;
    }),
  };
}

/**
 * An upstream's whole embeddings answer (bytes) in the format the request asked for: an OpenAI-compatible
 * vendor that ignores `encoding_format` (Ollama, many proxies) answers float arrays, which the official
 * SDK, having asked for base64, would read as empty. Unchanged bytes when nothing needed encoding.
 */
export function embeddingBytesAsRequested(bytes: Buffer, request: Record<string, unknown> | null | undefined): Buffer {
  if (request?.encoding_format !== 'base64') return bytes;
  let answer: unknown;
  try {
    answer = JSON.parse(bytes.toString('utf8'));
  } catch {
    return bytes;
  }
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || !data.some((item) => Array.isArray((item as { embedding?: unknown } | null)?.embedding)))
    return bytes;
  return Buffer.from(JSON.stringify(embeddingsAsRequested(answer, request)));
}
