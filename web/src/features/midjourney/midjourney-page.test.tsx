import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { columnHeaders, searchOf, textsByTestId } from '../../testing/page-queries';
import { adminUser, commonUser, midjourneyView } from '../../testing/task-fixtures';
import { openTaskList } from '../../testing/task-pages';
import { eachTestIn } from '../../testing/test-setup';

/** A drawing refused for its prompt: a duplicate submit, slow to fail. */
const failed = midjourneyView({
  id: 2,
  mj_id: 'mj-2',
  code: 22,
  status: 'FAILURE',
  progress: '0%',
  image_url: '',
  fail_reason: 'banned prompt',
  finish_time: 1_900_000_090_000,
});

describe('midjourney page', () => {
  eachTestIn('en');

  it('shows administrators the drawing tasks with channel, code, status and the image and prompt dialogs', async () => {
    const before = Date.now();
    const requests = openTaskList('/midjourney', adminUser, { drawings: [failed, midjourneyView()] });
    const table = await screen.findByTestId('mj-table');
    await within(table).findByText('mj-1');
    expect(columnHeaders(table)).toContain('Channel');
    expect(textsByTestId(table, 'mj-code')).toEqual(['Duplicate', 'Submitted']);
    expect(textsByTestId(table, 'task-status')).toEqual(['Failed', 'Success']);
    expect(
      within(table)
        .getAllByTestId('task-duration')
        .map((tag) => [tag.textContent, tag.getAttribute('data-slow')]),
    ).toEqual([
      ['90 s', 'true'],
      ['30 s', 'false'],
    ]);
    expect(within(table).getByText('banned prompt')).toBeTruthy();
    expect(within(table).getAllByTestId('mj-image-open')).toHaveLength(1);

    // The last 30 days, in milliseconds.
    const query = searchOf(requests[0]);
    expect(query.get('p')).toBe('0');
    expect(requests[0]?.url).toMatch(/^\/api\/mj\/\?/);
    expect(Number(query.get('start_timestamp'))).toBeGreaterThanOrEqual(before - 30 * 86_400_000 - 1000);
    expect(Number(query.get('start_timestamp'))).toBeLessThanOrEqual(Date.now() - 30 * 86_400_000);

    fireEvent.click(within(table).getByTestId('mj-image-open'));
    const image = await screen.findByTestId('mj-image');
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/mj-1.png');
    fireEvent.click(within(table).getAllByTestId('mj-prompt-open')[1] as Element);
    const prompts = await screen.findByTestId('mj-prompt-dialog');
    expect(within(prompts).getByTestId('mj-prompt').textContent).toContain('一只猫');
    expect(within(prompts).getByTestId('mj-prompt-en').textContent).toContain('a cat');
  });

  it('gives common users their own tasks without the channel, and sends the task id filter', async () => {
    const drawings = [midjourneyView({ channel_id: 0, image_url: '/mj/image/mj-1' })];
    const requests = openTaskList('/midjourney', commonUser, { drawings });
    const table = await screen.findByTestId('mj-table');
    await within(table).findByText('mj-1');
    expect(requests[0]?.url).toMatch(/^\/api\/mj\/self\/\?/);
    expect(columnHeaders(table)).not.toContain('Channel');
    // The gateway's image proxy without a ServerAddress: an address on the console's own origin.
    fireEvent.click(within(table).getByTestId('mj-image-open'));
    expect((await screen.findByTestId('mj-image')).getAttribute('src')).toBe(`${window.location.origin}/mj/image/mj-1`);
    fireEvent.change(screen.getByTestId('task-filter-id'), { target: { value: 'mj-1' } });
    fireEvent.click(screen.getByTestId('task-search'));
    await waitFor(() => expect(searchOf(requests.at(-1)).get('mj_id')).toBe('mj-1'));
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    openTaskList('/midjourney', commonUser, { drawings: [midjourneyView()] });
    expect(await screen.findByText('绘图任务')).toBeTruthy();
    expect((await screen.findByTestId('mj-code')).textContent).toBe('已提交');
  });
});
