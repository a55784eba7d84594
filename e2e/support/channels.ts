import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Adds, as the signed-in root, an OpenAI channel serving `models` (gpt-4o-mini) from `baseUrl` (a fake upstream on 127.0.0.1). */
export async function addFakeChannel(page: Page, baseUrl: string, models = 'gpt-4o-mini'): Promise<void> {
  const created = await page.request.post('/api/channel/', {
    headers: { 'New-Api-User': '1' },
    data: { type: 1, name: 'fake upstream', key: 'sk-upstream', base_url: baseUrl, models, group: 'default' },
  });
  expect(await created.json()).toMatchObject({ success: true });
}
