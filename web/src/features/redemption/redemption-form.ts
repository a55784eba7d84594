import {
  checkRedemptionCount,
  checkRedemptionFields,
  DEFAULT_REDEMPTION_COUNT,
  DEFAULT_REDEMPTION_QUOTA,
  type RedemptionProblem,
  type RedemptionView,
  type StatusData,
} from '@switchboard/contract';
import type { TFunction } from 'i18next';
import { displayQuota } from '../../lib/format';

/** What the drawer edits; numbers are null while their input is empty. */
export interface RedemptionFormValues {
  name: string;
  quota: number | null;
  count: number | null;
}

export const emptyRedemptionForm = (): RedemptionFormValues => ({
  name: '',
  quota: DEFAULT_REDEMPTION_QUOTA,
  count: DEFAULT_REDEMPTION_COUNT,
});

export const redemptionFormOf = (code: RedemptionView): RedemptionFormValues => ({
  name: code.name,
  quota: code.quota,
  count: null,
});

/** The first rule the form breaks (spec 001 §5 Redemption), or null; the count only when creating. */
export function checkRedemptionForm(values: RedemptionFormValues, creating: boolean): RedemptionProblem | null {
  const problem = checkRedemptionFields({ name: values.name.trim(), quota: values.quota ?? Number.NaN });
  if (problem || !creating) return problem;
  return checkRedemptionCount(values.count ?? Number.NaN);
}

/** The name the server gives codes created with an empty name: their formatted quota. */
export function effectiveRedemptionName(
  values: RedemptionFormValues,
  status: Pick<StatusData, 'display_in_currency' | 'quota_per_unit'>,
): string {
  const name = values.name.trim();
  if (name !== '') return name;
  return displayQuota(values.quota ?? 0, status);
}

export function redemptionProblemText(t: TFunction, problem: RedemptionProblem): string {
  switch (problem.code) {
    case 'name_too_long':
      return t('problems.nameTooLong', { max: problem.max });
    case 'quota_invalid':
      return t('problems.quotaInvalid');
    case 'quota_negative':
      return t('problems.quotaNegative');
    case 'count_invalid':
      return t('problems.countInvalid');
    case 'count_too_small':
      return t('problems.countTooSmall');
    case 'count_too_large':
      return t('problems.countTooLarge', { max: problem.max });
  }
}

/** What "copy selected" and the download hold: one code per line, after its name on copy. */
export const selectedCodesText = (codes: RedemptionView[]): string =>
  codes.map((code) => `${code.name}\t${code.key}`).join('\n');

/** The text file of a creation: named after the redemption, one code per line. */
export function codesFile(name: string, keys: string[]): { fileName: string; text: string } {
  return { fileName: `${name}.txt`, text: keys.join('\n') };
}
