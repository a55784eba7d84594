import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import { textCompletion } from '../own-api-adapter';
import type { OpenAIWhole, UpstreamTarget } from '../provider';
import { upstreamAnswerOf } from '../../parse-json';

const difyUsage = z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number() });
export const difyMetadata = z.looseObject({ usage: difyUsage.optional() }).optional();

const difyAnswer = z.looseObject({
  message_id: z.string(),
  conversation_id: z.string().optional(),
  answer: z.string(),
  metadata: difyMetadata,
});

export const usageFromDify = (metadata: z.infer<typeof difyMetadata>): Usage | null =>
  metadata?.usage
    ? { promptTokens: metadata.usage.prompt_tokens, completionTokens: metadata.usage.completion_tokens }
    : null;

/** A blocking Dify answer as an OpenAI chat completion (the answer text, usage from its metadata). */
export function difyWhole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole {
  const answer = upstreamAnswerOf(difyAnswer, bytes.toString('utf8'));
  const usage = usageFromDify(answer.metadata);
  return { completion: textCompletion(answer.message_id, target.upstreamModel, answer.answer, 'stop', usage), usage };
}
