import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import type { ChatCompletion } from '../../formats/openai-chat-types';
import { badUpstreamBody } from '../../relay-error';
import { textCompletion } from '../own-api-adapter';
import type { UpstreamTarget } from '../provider';
import { parseWith } from '../sse-json-translator';

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
export function difyWhole(bytes: Buffer, target: UpstreamTarget): { completion: ChatCompletion; usage: Usage | null } {
  const answer = parseWith(difyAnswer, bytes.toString('utf8'));
  if (!answer) throw badUpstreamBody();
  const usage = usageFromDify(answer.metadata);
  return { completion: textCompletion(answer.message_id, target.upstreamModel, answer.answer, 'stop', usage), usage };
}
