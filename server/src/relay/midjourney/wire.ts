import { z } from 'zod';
import { textOrEmpty, timeOrZero } from '../tasks/wire-fields';

/** A submit answer of midjourney-proxy: code 1 accepted, 21 exists, 22 queued, anything else refused. */
export const submitAnswerSchema = z.looseObject({
  code: z.number(),
  description: z.string().nullish(),
  result: z.unknown().optional(),
  properties: z.unknown().optional(),
});
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>;

/** One task object as midjourney-proxy reports it (fetch, list-by-condition). */
export const proxyTaskSchema = z.looseObject({
  id: z.string(),
  action: textOrEmpty,
  status: textOrEmpty,
  progress: textOrEmpty,
  prompt: textOrEmpty,
  promptEn: textOrEmpty,
  description: textOrEmpty,
  state: textOrEmpty,
  submitTime: timeOrZero,
  startTime: timeOrZero,
  finishTime: timeOrZero,
  imageUrl: textOrEmpty,
  videoUrl: textOrEmpty,
  videoUrls: z.unknown().optional(),
  failReason: textOrEmpty,
  buttons: z.unknown().optional(),
  properties: z.unknown().optional(),
});
export type ProxyTask = z.infer<typeof proxyTaskSchema>;

export const proxyTaskListSchema = z.array(proxyTaskSchema);

/** The request fields Switchboard reads or changes; everything else is forwarded as the client sent it. */
export const submitRequestSchema = z.looseObject({
  prompt: z.string().optional(),
  taskId: z.string().optional(),
  customId: z.string().optional(),
  action: z.string().optional(),
  index: z.number().optional(),
  content: z.string().optional(),
  notifyHook: z.string().optional(),
  accountFilter: z.unknown().optional(),
});
export type SubmitRequest = z.infer<typeof submitRequestSchema>;
