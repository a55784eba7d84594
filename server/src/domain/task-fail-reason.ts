import type { Language } from '../platform/text';
import { messages } from '../platform/i18n/catalogue';

/** The Chinese text stored for a reason the gateway gives. */
export const storedFailReason = (reason: keyof typeof messages.taskFailReason): string =>
  messages.taskFailReason[reason].zh;

/**
 * A stored fail reason in the reader's language: the gateway's own reasons (stored in either language by
 * this or an earlier version) are translated; an upstream's text is shown as the upstream wrote it.
 */
export function failReasonIn(stored: string | null | undefined, language: Language): string {
  const text = stored ?? '';
  const known = Object.values(messages.taskFailReason).find((reason) => reason.zh === text || reason.en === text);
  return known ? known[language] : text;
}
