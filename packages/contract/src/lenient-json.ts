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

/** Reads `text` as a JSON object (a channel's setting, say); text that is not one reads as empty. */
export function jsonObjectOf(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // not JSON: empty
  }
  return {};
}
