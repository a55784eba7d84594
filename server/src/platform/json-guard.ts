import { JSON_ELEMENT_LIMIT, JSON_NESTING_LIMIT, scanJsonBody, type JsonBodyFault } from './json-scan.mjs';
import { fill, type Text } from './text';

export { JSON_ELEMENT_LIMIT, JSON_NESTING_LIMIT };

export const jsonGuardMessages = {
  nul: {
    zh: '请求含有 NUL 字符（\\u0000），不予接受',
    en: 'The request contains a NUL character (\\u0000), which is not accepted',
  },
  nesting: {
    zh: '请求体 JSON 嵌套过深：最多 {limit} 层',
    en: 'The request body nests JSON too deeply: at most {limit} levels',
  },
  elements: {
    zh: '请求体 JSON 元素过多：最多 {limit} 个',
    en: 'The request body holds too many JSON elements: at most {limit}',
  },
} satisfies Record<string, Text>;

/** Whether a request's path or query carries a NUL character (`%00`), which PostgreSQL text refuses. */
export const urlHoldsNul = (url: string) => url.includes('%00');

/** The message of a fault the scan found, or null. */
export function jsonFaultText(fault: JsonBodyFault | null): Text | null {
  if (fault === 'nesting') return fill(jsonGuardMessages.nesting, { limit: JSON_NESTING_LIMIT });
  if (fault === 'elements') return fill(jsonGuardMessages.elements, { limit: JSON_ELEMENT_LIMIT });
  return fault === 'nul' ? jsonGuardMessages.nul : null;
}

/**
 * What is wrong with a JSON body before it is parsed, or null: a NUL character (PostgreSQL text
 * refuses it), nesting deeper than JSON_NESTING_LIMIT (recursive readers overflow the stack), or more
 * than JSON_ELEMENT_LIMIT elements (json-scan.mjs).
 */
export const jsonBodyProblem = (bytes: Buffer): Text | null => jsonFaultText(scanJsonBody(bytes));
