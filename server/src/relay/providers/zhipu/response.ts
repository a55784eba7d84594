import { z } from 'zod';
import type { Usage } from '../../billing/quota';
import { badUpstreamBody } from '../../relay-error';
import { answerTextOf, textCompletion } from '../own-api-adapter';
import type { OpenAIWhole, UpstreamTarget } from '../provider';
import { parseWith } from '../../parse-json';
import { zhipuRefusalError } from './errors';

export const zhipuUsage = z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number() });

const zhipuAnswer = z.looseObject({
  success: z.literal(true),
  data: z.looseObject({
    task_id: z.string(),
    choices: z.array(z.looseObject({ content: z.string() })).min(1),
    usage: zhipuUsage.optional(),
  }),
});

export const usageFromZhipu = (usage: z.infer<typeof zhipuUsage> | undefined): Usage | null =>
  usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : null;

/** The v3 API answers content as a JSON string literal (quotes and escapes included); this is its text. */
export function unquoted(content: string): string {
  const text = content.trim();
  if (!text.startsWith('"')) return content;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value.trim() : content;
  } catch {
    return content;
  }
}

export function zhipuWhole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole {
  const text = answerTextOf(bytes, target.channel, zhipuRefusalError);
  const answer = parseWith(zhipuAnswer, text);
  const choice = answer?.data.choices[0];
  if (!answer || !choice) throw badUpstreamBody();
  const usage = usageFromZhipu(answer.data.usage);
  return {
    completion: textCompletion(answer.data.task_id, target.upstreamModel, unquoted(choice.content), 'stop', usage),
    usage,
  };
}
