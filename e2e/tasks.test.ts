import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../server/src/db/database';
import { startLoopbackServer, type LoopbackServer } from '../server/src/testing/loopback-server';
import { rootClient } from './support/server';
import { useConsoleHarness } from './support/console-harness';
import { closeDialog } from './support/console';

/** A 1x1 PNG, served as the drawing task's image. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('drawing and async tasks in Chromium', () => {
  const harness = useConsoleHarness();
  let images: LoopbackServer;
  let database: Database;
  let imageRequests = 0;

  beforeAll(async () => {
    images = await startLoopbackServer((request, response) => {
      imageRequests += 1;
      response.writeHead(request.url === '/cat.png' ? 200 : 404, { 'content-type': 'image/png' });
      response.end(PIXEL);
    });
    // The relay that fills these tables is tested on the server; here the rows go into the server's own SQLite file.
    database = openDatabase({ kind: 'sqlite', sqlitePath: harness.server.sqlitePath });
    const submitted = Date.now() - 120_000;
    await database.db
      .insertInto('midjourneys')
      .values({
        user_id: 1,
        mj_id: '1712345678901',
        action: 'IMAGINE',
        code: 1,
        status: 'SUCCESS',
        progress: '100%',
        prompt: '一只橘猫',
        prompt_en: 'an orange cat',
        submit_time: submitted,
        start_time: submitted + 1000,
        finish_time: submitted + 75_000,
        image_url: `${images.url}/cat.png`,
        channel_id: 3,
      })
      .execute();
    const now = Math.floor(Date.now() / 1000);
    const clip = {
      id: 'clip-1',
      title: 'Orange Cat Blues',
      audio_url: 'https://cdn.example.com/clip-1.mp3',
      metadata: { prompt: '[Verse]\nsoft paws on the floor' },
    };
    await database.db
      .insertInto('tasks')
      .values({
        user_id: 1,
        task_id: 'suno-7f3a',
        platform: 'suno',
        action: 'MUSIC',
        status: 'SUCCESS',
        progress: '100%',
        submit_time: now - 40,
        finish_time: now - 10,
        channel_id: 3,
        data: JSON.stringify([clip]),
      })
      .execute();
    // Images come straight from their upstream address, not through the gateway's /mj/image proxy.
    const asRoot = await rootClient(harness.server);
    expect(await asRoot('PUT', '/option/', { key: 'MjForwardUrlEnabled', value: 'false' })).toMatchObject({
      success: true,
    });
  });
  afterAll(async () => {
    await database.close();
    await images.stop();
  });

  it('shows a finished drawing task with its image, and a finished Suno task with its result', async () => {
    const { page, errors } = await harness.openAsRoot('en-US');

    await page.getByTestId('sidebar-midjourney').click();
    await page.waitForURL('**/midjourney');
    const drawings = page.getByTestId('mj-table');
    const drawing = drawings.locator('tr.ant-table-row', { hasText: '1712345678901' });
    await drawing.waitFor();
    expect(await drawing.getByTestId('task-status').textContent()).toBe('Success');
    expect(await drawing.getByTestId('mj-code').textContent()).toBe('Submitted');
    expect(await drawing.getByTestId('task-duration').textContent()).toBe('75 s');
    expect(await drawing.getByTestId('task-duration').getAttribute('data-slow')).toBe('true');
    await drawing.getByTestId('mj-image-open').click();
    const image = page.getByTestId('mj-image-dialog').getByTestId('mj-image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
    expect(imageRequests).toBeGreaterThan(0);
    await closeDialog(page, page.getByTestId('mj-image-dialog'));
    await drawing.getByTestId('mj-prompt-open').click();
    expect(await page.getByTestId('mj-prompt-en').textContent()).toContain('an orange cat');

    await page.goto('/task');
    const task = page.getByTestId('task-table').locator('tr.ant-table-row', { hasText: 'suno-7f3a' });
    await task.waitFor();
    expect(await task.getByTestId('task-status').textContent()).toBe('Success');
    expect(await task.getByTestId('task-duration').textContent()).toBe('30 s');
    await task.getByTestId('task-result-open').click();
    const result = page.getByTestId('task-result-dialog');
    await result.waitFor();
    const audio = result.getByTestId('task-result-audio');
    expect(await audio.textContent()).toBe('Orange Cat Blues');
    expect(await audio.getAttribute('href')).toBe('https://cdn.example.com/clip-1.mp3');
    expect(await result.getByTestId('task-result-lyrics').textContent()).toBe('[Verse]\nsoft paws on the floor');
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });
});
