import { z } from 'zod';
import { jsonOf } from '../formats/body-json';

/** OpenAI's video job object (the fields Switchboard reads; the rest is kept as sent). */
export const videoSchema = z.looseObject({
  id: z.string().min(1),
  object: z.string().optional(),
  status: z.string(),
  progress: z.number().nullish(),
  created_at: z.number().nullish(),
  completed_at: z.number().nullish(),
  error: z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});
export type Video = z.infer<typeof videoSchema>;

/** OpenAI's default clip length when a request names none. */
export const DEFAULT_SECONDS = 4;
export const DEFAULT_MODEL = 'sora-2';

const jsonRequestSchema = z.looseObject({
  model: z.string().optional(),
  prompt: z.string().min(1),
  seconds: z.union([z.string(), z.number()]).optional(),
});

/** A text field of a multipart body: its header line, further part headers (`Name: value`), a blank line, the value. */
const multipartField = (name: string) =>
  new RegExp(`name="${name}"[^\\r\\n]*\\r\\n(?:[A-Za-z-]+: [^\\r\\n]*\\r\\n)*\\r\\n([^\\r]*)\\r\\n`);

/** The model and clip length of a create request, JSON or multipart (the openai SDK sends multipart). */
export function videoRequestFacts(
  raw: Buffer,
  contentType: string,
): { model: string; seconds: number } | { problem: string } {
  let model: string | undefined;
  let seconds: unknown;
  if (contentType.includes('multipart/form-data')) {
    const head = raw.toString('latin1', 0, Math.min(raw.length, 1 << 20));
    if (!multipartField('prompt').test(head)) return { problem: 'prompt: required' };
    model = multipartField('model').exec(head)?.[1];
    seconds = multipartField('seconds').exec(head)?.[1];
  } else {
    let value: unknown;
    try {
      value = jsonOf(raw);
    } catch (error) {
      return { problem: error instanceof Error ? error.message : String(error) };
    }
    const parsed = jsonRequestSchema.safeParse(value);
    if (!parsed.success)
      return {
        problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
      };
    model = parsed.data.model;
    seconds = parsed.data.seconds;
  }
  const count = seconds === undefined ? DEFAULT_SECONDS : Number(seconds);
  if (!Number.isInteger(count) || count <= 0 || count > 600)
    return { problem: 'seconds: expected a whole number of seconds' };
  return { model: model || DEFAULT_MODEL, seconds: count };
}
