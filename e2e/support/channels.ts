import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT_HEADERS } from './console';

/**
 * Adds, as the signed-in root, an OpenAI channel `name` holding `key`, serving `models` (gpt-4o-mini) from `baseUrl`
 * (a fake upstream on 127.0.0.1); answers its id.
 */
export async function addFakeChannel(
  page: Page,
  baseUrl: string,
  models = 'gpt-4o-mini',
  name = 'fake upstream',
  key = 'sk-upstream',
): Promise<number | undefined> {
  const created = await page.request.post('/api/channel/', {
    headers: ROOT_HEADERS,
    data: { type: 1, name, key, base_url: baseUrl, models, group: 'default' },
  });
  const reply = (await created.json()) as { success: boolean; data?: { ids?: number[] } };
  expect(reply).toMatchObject({ success: true });
  return reply.data?.ids?.[0];
}

/** An OpenAI chat completion of gpt-4o-mini answering "hi", as a fake upstream replies. */
export const chatCompletionBody = (id: string, promptTokens: number) => ({
  id,
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: promptTokens, completion_tokens: 1, total_tokens: promptTokens + 1 },
});
