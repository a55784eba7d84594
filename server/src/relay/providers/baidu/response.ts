import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import type { ChatCompletion } from '../../formats/openai-chat-types';
import { answerTextOf, finishReasonsBy, textCompletion } from '../own-api-adapter';
import type { OpenAIWhole, UpstreamTarget } from '../provider';
import { upstreamAnswerOf } from '../../parse-json';
import { baiduRefusal } from './errors';

export const ernieUsage = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});

/** One ERNIE chat answer, whole or one streamed sentence (`is_end` marks the last). */
export const ernieAnswer = z.looseObject({
  id: z.string(),
  result: z.string(),
  is_end: z.boolean().optional(),
  finish_reason: z.string().optional(),
  usage: ernieUsage.optional(),
});

const ernieEmbeddings = z.looseObject({
  data: z.array(z.object({ embedding: z.array(z.number()), index: z.number() })),
  usage: ernieUsage,
});

export const usageFromErnie = (usage: z.infer<typeof ernieUsage> | undefined): Usage | null =>
  usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 } : null;

/** ERNIE's finish reasons in OpenAI's words (`normal` is a natural stop). */
export const finishReasonOf = finishReasonsBy(['length', 'content_filter', 'function_call']);

/** A whole ERNIE answer (chat or embeddings) in OpenAI's shape; an error body in a 200 is thrown as the upstream's error. */
export function baiduWhole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole {
  const text = answerTextOf(bytes, target.channel, baiduRefusal);
  if (target.endpoint.kind === 'embeddings') {
    const embeddings = upstreamAnswerOf(ernieEmbeddings, text);
    const usage = usageFromErnie(embeddings.usage);
    const data = embeddings.data.map((item) => ({ object: 'embedding', embedding: item.embedding, index: item.index }));
    const list = {
      object: 'list',
      data,
      model: target.upstreamModel,
      usage: { prompt_tokens: embeddings.usage.prompt_tokens, total_tokens: embeddings.usage.prompt_tokens },
    };
    return { completion: list as unknown as ChatCompletion, usage };
  }
  const answer = upstreamAnswerOf(ernieAnswer, text);
  const usage = usageFromErnie(answer.usage);
  return {
    completion: textCompletion(
      answer.id,
      target.upstreamModel,
      answer.result,
      finishReasonOf(answer.finish_reason),
      usage,
    ),
    usage,
  };
}
