import type { MidjourneyFilter, MidjourneyView, PageData, TaskFilter, TaskView } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../paging';
import { TaskListRepository, type TaskScope } from './repository';
import { midjourneyView, taskView, withoutChannel } from './task-view';
import type { Language } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

/** Whose tasks a list shows, which page, and the language of its words. */
export interface TaskListRequest {
  scope: TaskScope;
  paging: PageRequest;
  language: Language;
}

/** Spec 001 §7 drawing and async task lists: administrators see everyone's and may filter by channel. */
export class TaskListService {
  private readonly repository: TaskListRepository;

  constructor(private readonly context: AppContext) {
    this.repository = new TaskListRepository(context.database);
  }

  async midjourneys(
    filter: MidjourneyFilter,
    { scope, paging, language }: TaskListRequest,
  ): Promise<PageData<MidjourneyView>> {
    const { total, rows } = await this.repository.midjourneys(scope, checkedWindow(filter), paging);
    const options = this.context.options;
    const images = { forward: options.boolean('MjForwardUrlEnabled'), serverAddress: options.string('ServerAddress') };
    return pageFor(
      scope,
      paging,
      total,
      rows.map((row) => midjourneyView(row, images, language)),
    );
  }

  async tasks(filter: TaskFilter, { scope, paging, language }: TaskListRequest): Promise<PageData<TaskView>> {
    const { total, rows } = await this.repository.tasks(scope, checkedWindow(filter), paging);
    return pageFor(
      scope,
      paging,
      total,
      rows.map((row) => taskView(row, language)),
    );
  }
}

/** A user's own list leaves the channel out; an administrator's keeps it. */
function pageFor<View extends { channel_id: number }>(
  scope: TaskScope,
  paging: PageRequest,
  total: number,
  views: View[],
): PageData<View> {
  return {
    items: 'userId' in scope ? views.map(withoutChannel) : views,
    page: paging.page,
    page_size: paging.size,
    total,
  };
}

function checkedWindow<Filter extends { start_timestamp: number; end_timestamp: number }>(filter: Filter): Filter {
  if (filter.start_timestamp && filter.end_timestamp && filter.start_timestamp > filter.end_timestamp) {
    throw new AppError(messages.common.windowReversed);
  }
  return filter;
}
