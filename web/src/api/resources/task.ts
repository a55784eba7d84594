import type { MidjourneyView, PageData, TaskView } from '@switchboard/contract';
import { fetchZeroBasedList } from '../zero-based-list';

/** What the filter bar of /midjourney and /task asks for; times in unix seconds, 0 and '' left out. */
export interface TaskListQuery {
  /** administrators only */
  channel_id: number;
  /** the mj_id on /midjourney, the task_id on /task */
  id: string;
  start: number;
  end: number;
}

/**
 * The list of one kind of task: `admin` path for administrators (with the channel filter), `self` path
 * for everyone else; the id filter under `idKey`, times in seconds times `unit`; `data` is the plain list.
 */
function taskListFetcher<T>(paths: { admin: string; self: string }, idKey: string, unit: number) {
  return (query: TaskListQuery, admin: boolean, page: number, pageSize: number): Promise<PageData<T>> =>
    fetchZeroBasedList<T>(admin ? paths.admin : paths.self, page, {
      page_size: pageSize,
      ...(admin && query.channel_id ? { channel_id: query.channel_id } : {}),
      [idKey]: query.id || undefined,
      start_timestamp: query.start ? query.start * unit : undefined,
      end_timestamp: query.end ? query.end * unit : undefined,
    });
}

/** `GET /api/mj/` or `/api/mj/self/`: drawing tasks count time in milliseconds. */
export const fetchMidjourneys = taskListFetcher<MidjourneyView>(
  { admin: '/api/mj/', self: '/api/mj/self/' },
  'mj_id',
  1000,
);

/** `GET /api/task/` or `/api/task/self`: times in seconds. */
export const fetchTasks = taskListFetcher<TaskView>({ admin: '/api/task/', self: '/api/task/self' }, 'task_id', 1);
