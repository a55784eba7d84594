import type { PageData } from '@switchboard/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTablePaging } from '../../components/table-paging';
import type { TaskListQuery } from '../../api/resources/task';

export type TaskListFetcher<Item> = (
  query: TaskListQuery,
  admin: boolean,
  page: number,
  pageSize: number,
) => Promise<PageData<Item>>;

/** The filters, paging and server list of /midjourney or /task; a search goes back to the first page. */
export function useTaskList<Item>(
  key: 'midjourney' | 'task',
  admin: boolean,
  initialQuery: () => TaskListQuery,
  fetcher: TaskListFetcher<Item>,
) {
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [query, setQuery] = useState<TaskListQuery>(initialQuery);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [key, 'list', admin, query, page, pageSize],
    queryFn: () => fetcher(query, admin, page, pageSize),
    placeholderData: keepPreviousData,
  });
  const search = (next: TaskListQuery) => {
    setPage(1);
    setQuery(next);
    // The same filters again still mean "show me what is new".
    void client.invalidateQueries({ queryKey: [key] });
  };
  return { query, search, list, pagination: pagination(list.data?.total ?? 0) };
}

/** One hour ahead, as the log page: a task submitted while the page is open still falls in the window. */
const LOOKAHEAD_SECONDS = 3600;

/** /task opens on the tasks submitted since the start of today (local time). */
export function defaultTaskQuery(now: Date): TaskListQuery {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return {
    channel_id: 0,
    id: '',
    start: Math.floor(midnight.getTime() / 1000),
    end: Math.floor(now.getTime() / 1000) + LOOKAHEAD_SECONDS,
  };
}

/** /midjourney opens on the last 30 days. */
export function defaultMidjourneyQuery(now: Date, lookbackMs: number): TaskListQuery {
  const seconds = Math.floor(now.getTime() / 1000);
  return { channel_id: 0, id: '', start: seconds - Math.floor(lookbackMs / 1000), end: seconds + LOOKAHEAD_SECONDS };
}
