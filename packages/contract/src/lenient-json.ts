import type { z } from 'zod';

/** Reads `text` as JSON that `schema` accepts; text that is not JSON, or that the schema refuses, reads as `fallback`. */
export function parseJsonLeniently<T>(schema: z.ZodType<T>, text: string, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}
