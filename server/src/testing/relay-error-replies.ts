import { expect } from 'vitest';

/** An error reply in the Anthropic shape: the error `type` and a message that contains `fragment`. */
export const claudeErrorReply = (type: string, fragment: string) => ({
  type: 'error',
  error: { type, message: expect.stringContaining(fragment) },
});
