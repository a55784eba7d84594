import { parseLogOther, type LogOther, type LogView } from '@switchboard/contract';

/** How an entry was priced, read from its `other` JSON. */
export type Billing =
  | { mode: 'ratio'; modelRatio: number; completionRatio: number; groupRatio: number; result: number }
  | { mode: 'price'; modelPrice: number; groupRatio: number; result: number }
  | { mode: 'none' };

/** The pricing of an entry and the quota its formula gives (before rounding), or `none` when `other` carries no prices. */
export function billingOf(
  entry: Pick<LogView, 'prompt_tokens' | 'completion_tokens'>,
  other: LogOther,
  quotaPerUnit: number,
): Billing {
  const groupRatio = other.group_ratio ?? 1;
  if (other.model_price !== undefined && other.model_price >= 0) {
    return {
      mode: 'price',
      modelPrice: other.model_price,
      groupRatio,
      result: other.model_price * quotaPerUnit * groupRatio,
    };
  }
  if (other.model_ratio === undefined) return { mode: 'none' };
  const completionRatio = other.completion_ratio ?? 1;
  const weighted = entry.prompt_tokens + entry.completion_tokens * completionRatio;
  return {
    mode: 'ratio',
    modelRatio: other.model_ratio,
    completionRatio,
    groupRatio,
    result: weighted * other.model_ratio * groupRatio,
  };
}

/** Channel ids the relay tried, in order (administrators only; the self view has none). */
export function channelsTried(other: LogOther): string[] {
  return (other.admin_info?.use_channel ?? []).map(String);
}

export const otherOf = (entry: LogView): LogOther => parseLogOther(entry.other);
