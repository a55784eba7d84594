import { randomBytes } from 'node:crypto';

/** Request ids unique across instances without a random draw per request: instance prefix + counter. */
export function createRequestIdGenerator(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return () => `${prefix}${(++counter).toString(36)}`;
}
