import { affinityRulesProblem, type AffinityKeySource, type AffinityRule } from '@switchboard/contract';
import type { TFunction } from 'i18next';

/** The rules of the option's text; an unreadable text reads as no rules. */
export function rulesOf(text: string | undefined): AffinityRule[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? (value as AffinityRule[]) : [];
  } catch {
    return [];
  }
}

/** The message for a rules list that does not fit, or null (the server's rule, before anything is sent). */
export function rulesProblemText(t: TFunction, rules: unknown): string | null {
  const problem = affinityRulesProblem(rules);
  if (!problem) return null;
  return problem.rule === 0
    ? t('affinity:validation.notList')
    : t('affinity:validation.rule', { rule: problem.rule, field: problem.field });
}

/** One entry per line, trimmed, blanks dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A name not yet taken: the base, else base-2, base-3, … */
export function uniqueName(taken: Set<string>, base: string): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/** What a key source reads, for the rules table: `header: X-Session`, `body: metadata.user_id`. */
export const sourceLabel = (source: AffinityKeySource): string =>
  source.type === 'gjson'
    ? `body: ${source.path ?? ''}`
    : source.type === 'request_header'
      ? `header: ${source.key ?? ''}`
      : `${source.type}: ${source.key ?? ''}`;
