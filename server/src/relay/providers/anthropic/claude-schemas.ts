import { z } from 'zod';

/** Anthropic usage; cache fields are absent or null when no prompt cache was involved. */
export const claudeUsageSchema = z.looseObject({
  input_tokens: z.number().nullish(),
  output_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
  cache_creation_input_tokens: z.number().nullish(),
});
export type ClaudeUsage = z.infer<typeof claudeUsageSchema>;

export const claudeBlockSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  thinking: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
});

/** A whole Messages API answer. */
export const claudeMessageSchema = z.looseObject({
  id: z.string(),
  model: z.string().default(''),
  content: z.array(claudeBlockSchema),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: claudeUsageSchema.optional(),
});
export type ClaudeMessage = z.infer<typeof claudeMessageSchema>;

/** One streamed event (message_start, content_block_*, message_delta, message_stop, ping, error). */
export const claudeEventSchema = z.looseObject({
  type: z.string(),
  index: z.number().optional(),
  message: z
    .looseObject({ id: z.string().optional(), model: z.string().optional(), usage: claudeUsageSchema.optional() })
    .optional(),
  content_block: claudeBlockSchema.optional(),
  delta: z
    .looseObject({
      type: z.string().optional(),
      text: z.string().optional(),
      partial_json: z.string().optional(),
      thinking: z.string().optional(),
      stop_reason: z.string().nullish(),
    })
    .optional(),
  usage: claudeUsageSchema.optional(),
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }).optional(),
});
export type ClaudeEvent = z.infer<typeof claudeEventSchema>;
