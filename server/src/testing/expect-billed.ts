import { expect } from 'vitest';
import { lastConsumeLog } from './provider-test-kit';
import type { TestServer } from './test-server';

/** What a call was billed: its token counts and, where a test checks them, whether it streamed and its quota. */
export interface Billed {
  prompt: number;
  completion: number;
  stream?: boolean;
  quota?: number;
}

/** Expects the newest consumption log to bill `model` as `billed`. */
export async function expectBilled(server: TestServer, model: string, billed: Billed): Promise<void> {
  expect(await lastConsumeLog(server)).toMatchObject({
    model_name: model,
    prompt_tokens: billed.prompt,
    completion_tokens: billed.completion,
    ...(billed.stream === undefined ? {} : { is_stream: billed.stream ? 1 : 0 }),
    ...(billed.quota === undefined ? {} : { quota: billed.quota }),
  });
}
