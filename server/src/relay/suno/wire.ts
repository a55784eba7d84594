import { z } from 'zod';
import { textOrEmpty, timeOrZero } from '../tasks/wire-fields';

/** The Suno API's envelope: `{code: "success", message, data}`. */
export const submitAnswerSchema = z.looseObject({
  code: z.string(),
  message: z.string().nullish(),
  data: z.unknown().optional(),
});

/** One task as the Suno API's fetch reports it (times in unix seconds). */
export const sunoTaskSchema = z.looseObject({
  task_id: z.string(),
  action: z.string().nullish(),
  status: textOrEmpty,
  fail_reason: textOrEmpty,
  submit_time: timeOrZero,
  start_time: timeOrZero,
  finish_time: timeOrZero,
  progress: textOrEmpty,
  data: z.unknown().optional(),
});

export const fetchAnswerSchema = z.looseObject({
  code: z.string(),
  message: z.string().nullish(),
  data: z.array(sunoTaskSchema).nullish(),
});

/** What a client submits; everything is forwarded as sent. */
export const submitRequestSchema = z.looseObject({
  prompt: z.string().optional(),
  gpt_description_prompt: z.string().optional(),
  title: z.string().optional(),
  tags: z.string().optional(),
  mv: z.string().optional(),
});

export const fetchRequestSchema = z.object({ ids: z.array(z.string()).max(1000) });
