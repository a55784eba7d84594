import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import { badUpstreamBody } from '../../relay-error';
import { answerTextOf, finishReasonsBy, textCompletion } from '../own-api-adapter';
import type { OpenAIWhole, UpstreamTarget } from '../provider';
import { parseWith } from '../../parse-json';
import { tencentRefusal } from './errors';

export const hunyuanUsage = z.looseObject({ PromptTokens: z.number(), CompletionTokens: z.number() });

const hunyuanAnswer = z.object({
  Response: z.looseObject({
    Id: z.string(),
    Choices: z
      .array(z.looseObject({ Message: z.looseObject({ Content: z.string() }), FinishReason: z.string().optional() }))
      .min(1),
    Usage: hunyuanUsage.optional(),
  }),
});

export const usageFromHunyuan = (usage: z.infer<typeof hunyuanUsage> | undefined): Usage | null =>
  usage ? { promptTokens: usage.PromptTokens, completionTokens: usage.CompletionTokens } : null;

/** Hunyuan's finish reasons (`stop`, `length`, `sensitive`, `tool_calls`) in OpenAI's words. */
export const finishReasonOf = finishReasonsBy(['length', 'tool_calls'], { sensitive: 'content_filter' });

/** A whole Hunyuan answer as an OpenAI chat completion; an error in a 200 is the upstream's error. */
export function hunyuanWhole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole {
  const text = answerTextOf(bytes, target.channel, tencentRefusal);
  const answer = parseWith(hunyuanAnswer, text)?.Response;
  const choice = answer?.Choices[0];
  if (!answer || !choice) throw badUpstreamBody();
  const usage = usageFromHunyuan(answer.Usage);
  return {
    completion: textCompletion(
      answer.Id,
      target.upstreamModel,
      choice.Message.Content,
      finishReasonOf(choice.FinishReason),
      usage,
    ),
    usage,
  };
}
