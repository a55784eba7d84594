import type { Language, Text } from '../platform/text';

/** Reasons the gateway itself gives a failed task (stored in Chinese, like log texts); the rest come from upstreams. */
export const gatewayFailReasons = {
  timedOut: { zh: '任务超时', en: 'The task timed out' },
} satisfies Record<string, Text>;

/** The Chinese text stored for a reason the gateway gives. */
export const storedFailReason = (reason: keyof typeof gatewayFailReasons): string => gatewayFailReasons[reason].zh;

/**
 * A stored fail reason in the reader's language: the gateway's own reasons (stored in either language by
 * this or an earlier version) are translated; an upstream's text is shown as the upstream wrote it.
 */
export function failReasonIn(stored: string | null | undefined, language: Language): string {
  const text = stored ?? '';
  const known = Object.values(gatewayFailReasons).find((reason) => reason.zh === text || reason.en === text);
  return known ? known[language] : text;
}
