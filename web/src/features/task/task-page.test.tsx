import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { columnHeaders, searchOf, textsByTestId } from '../../testing/page-queries';
import { adminUser, commonUser, taskView } from '../../testing/task-fixtures';
import { openTaskList } from '../../testing/task-pages';
import { eachTestIn } from '../../testing/test-setup';

/** A lyrics task still being submitted: no status, progress or result yet. */
const submitting = taskView({
  id: 2,
  task_id: 'suno-task-2',
  action: 'LYRICS',
  status: '',
  progress: '',
  finish_time: 0,
  data: null,
});

describe('task page', () => {
  eachTestIn('en');

  it('shows administrators every task with channel, status, slow duration and the result dialog', async () => {
    const requests = openTaskList('/task', adminUser, { tasks: [submitting, taskView()] });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('suno-task-1');
    expect(columnHeaders(table)).toContain('Channel');
    expect(textsByTestId(table, 'task-status')).toEqual(['Submitting', 'Success']);
    expect(within(table).getAllByText('Lyrics')).toHaveLength(1);
    const duration = within(table).getByTestId('task-duration');
    expect(duration.textContent).toBe('90 s');
    expect(duration.getAttribute('data-slow')).toBe('true');
    expect(within(table).getAllByTestId('task-result-open')).toHaveLength(1);

    // Today from midnight on, one hour ahead.
    const query = searchOf(requests[0]);
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(Number(query.get('start_timestamp'))).toBe(Math.floor(midnight.getTime() / 1000));
    expect(requests[0]?.url).toMatch(/^\/api\/task\/\?/);
    // The first page is p=0, as the reference counts the task list's pages.
    expect(query.get('p')).toBe('0');

    fireEvent.click(within(table).getByTestId('task-result-open'));
    const dialog = await screen.findByTestId('task-result-dialog');
    const audio = within(dialog).getByTestId('task-result-audio');
    expect(audio.textContent).toBe('Night drive');
    expect(audio.getAttribute('href')).toBe('https://cdn.example.com/clip-1.mp3');
    expect(within(dialog).getByTestId('task-result-lyrics').textContent).toBe('[Verse]\nroad lights');
  });

  it('gives common users their own tasks without the channel, and sends the task id and channel filters', async () => {
    const tasks = [taskView({ channel_id: 0, finish_time: 1_900_000_030 })];
    const requests = openTaskList('/task', commonUser, { tasks });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('suno-task-1');
    expect(requests[0]?.url).toMatch(/^\/api\/task\/self\?/);
    expect(columnHeaders(table)).not.toContain('Channel');
    expect(screen.queryByTestId('task-filter-channel')).toBeNull();
    expect(within(table).getByTestId('task-duration').getAttribute('data-slow')).toBe('false');

    fireEvent.change(screen.getByTestId('task-filter-id'), { target: { value: ' suno-task-1 ' } });
    // The start is a date picker now: its clear button empties it.
    const start = screen.getByTestId('task-filter-start').closest('.ant-picker') as HTMLElement;
    fireEvent.click(start.querySelector('.ant-picker-clear') as HTMLElement);
    fireEvent.click(screen.getByTestId('task-search'));
    await waitFor(() => expect(searchOf(requests.at(-1)).get('task_id')).toBe('suno-task-1'));
    expect(searchOf(requests.at(-1)).has('start_timestamp')).toBe(false);
    expect(searchOf(requests.at(-1)).has('channel_id')).toBe(false);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    openTaskList('/task', commonUser, { tasks: [taskView({ status: '' })] });
    expect(await screen.findByText('异步任务')).toBeTruthy();
    expect((await screen.findByTestId('task-status')).textContent).toBe('提交中');
  });
});
