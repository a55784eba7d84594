import type { MidjourneyView, PageData, TaskView } from '@switchboard/contract';
import type { QueryValue } from '../http-client';
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

function common(query: TaskListQuery, admin: boolean, pageSize: number): Record<string, QueryValue> {
  return { page_size: pageSize, ...(admin && query.channel_id ? { channel_id: query.channel_id } : {}) };
}

/** `GET /api/mj/` for administrators, `/api/mj/self/` for everyone else; drawing tasks count time in milliseconds; `data` is the plain list. */
export const fetchMidjourneys = (
  query: TaskListQuery,
  admin: boolean,
  page: number,
  pageSize: number,
): Promise<PageData<MidjourneyView>> =>
  fetchZeroBasedList<MidjourneyView>(admin ? '/api/mj/' : '/api/mj/self/', page, {
    ...common(query, admin, pageSize),
    mj_id: query.id || undefined,
    start_timestamp: query.start ? query.start * 1000 : undefined,
    end_timestamp: query.end ? query.end * 1000 : undefined,
  });

/** `GET /api/task/` for administrators, `/api/task/self` for everyone else; times in seconds; `data` is the plain list. */
export const fetchTasks = (
  query: TaskListQuery,
  admin: boolean,
  page: number,
  pageSize: number,
): Promise<PageData<TaskView>> =>
  fetchZeroBasedList<TaskView>(admin ? '/api/task/' : '/api/task/self', page, {
    ...common(query, admin, pageSize),
    task_id: query.id || undefined,
    start_timestamp: query.start || undefined,
    end_timestamp: query.end || undefined,
  });
