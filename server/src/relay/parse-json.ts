import { parseJsonLeniently } from '@switchboard/contract';
import type { z } from 'zod';
import { badUpstreamBody } from './relay-error';

/** Parses JSON text against a schema; null when it is not JSON or does not match. */
export const parseWith = <T>(schema: z.ZodType<T>, text: string): T | null =>
  parseJsonLeniently<T | null>(schema, text, null);

const UNREADABLE = Symbol('unreadable');

/** An upstream's answer read against a schema; one that is not JSON or does not match fails over. */
export function upstreamAnswerOf<T>(schema: z.ZodType<T>, text: string): T {
  const answer = parseJsonLeniently<T | typeof UNREADABLE>(schema, text, UNREADABLE);
  if (answer === UNREADABLE) throw badUpstreamBody();
  return answer;
}
