import { JSON_ELEMENT_LIMIT, JSON_NESTING_LIMIT, scanJsonBody, type JsonBodyFault } from './json-scan.mjs';
import { fill, type Text } from './text';
import { messages } from './i18n/catalogue';

export { JSON_ELEMENT_LIMIT, JSON_NESTING_LIMIT };

/** Whether a request's path or query carries a NUL character (`%00`), which PostgreSQL text refuses. */
export const urlHoldsNul = (url: string) => url.includes('%00');

/** The message of a fault the scan found, or null. */
export function jsonFaultText(fault: JsonBodyFault | null): Text | null {
  if (fault === 'nesting') return fill(messages.jsonGuard.nesting, { limit: JSON_NESTING_LIMIT });
  if (fault === 'elements') return fill(messages.jsonGuard.elements, { limit: JSON_ELEMENT_LIMIT });
  return fault === 'nul' ? messages.jsonGuard.nul : null;
}

/**
 * What is wrong with a JSON body before it is parsed, or null: a NUL character (PostgreSQL text
 * refuses it), nesting deeper than JSON_NESTING_LIMIT (recursive readers overflow the stack), or more
 * than JSON_ELEMENT_LIMIT elements (json-scan.mjs).
 */
export const jsonBodyProblem = (bytes: Buffer): Text | null => jsonFaultText(scanJsonBody(bytes));
