import type { MidjourneyView, TaskView } from '@switchboard/contract';
import MidjourneyPage from '../features/midjourney/midjourney-page';
import TaskPage from '../features/task/task-page';
import { mockFetch } from './fetch-mock';
import { renderApp, type RenderAppOptions } from './render-app';
import { taskServer } from './task-fixtures';

const PAGES = { '/task': <TaskPage />, '/midjourney': <MidjourneyPage /> };

/** Opens the async or drawing task list as `user`, the server listing these tasks and drawings; the requests it sends. */
export function openTaskList(
  path: keyof typeof PAGES,
  user: RenderAppOptions['user'],
  lists: { tasks?: TaskView[]; drawings?: MidjourneyView[] },
) {
  const requests = mockFetch(taskServer(lists.tasks ?? [], lists.drawings ?? []));
  renderApp([{ path, element: PAGES[path] }], { path, user });
  return requests;
}
