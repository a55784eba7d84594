import {
  LOG_RATE_WINDOW_SECONDS,
  type LogFilter,
  type LogStat,
  type LogView,
  type PageData,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../paging';
import { adminLogView, selfLogView } from './log-view';
import { LogRepository, rowFilterOf, type LogScope } from './repository';
import { messages } from '../../platform/i18n/catalogue';

/** Spec 001 §7 log calls and spec 000 §7 log clearing. */
export class LogService {
  private readonly repository: LogRepository;

  constructor(context: AppContext) {
    this.repository = new LogRepository(context.database);
  }

  async list(scope: LogScope, filter: LogFilter, paging: PageRequest): Promise<PageData<LogView>> {
    const rows = rowFilterOf(checkedWindow(filter));
    const [total, items] = await Promise.all([
      this.repository.count(scope, rows),
      this.repository.page(scope, rows, paging.offset, paging.size),
    ]);
    const view = 'userId' in scope ? selfLogView : adminLogView;
    return { items: items.map(view), page: paging.page, page_size: paging.size, total };
  }

  /** `quota` over the filtered window; `rpm` and `tpm` over the last minute with the same other filters. */
  async stat(scope: LogScope, filter: LogFilter, now = nowSeconds()): Promise<LogStat> {
    const rows = rowFilterOf(checkedWindow(filter));
    const [window, lastMinute] = await Promise.all([
      this.repository.consumption(scope, rows),
      this.repository.consumption(scope, { ...rows, since: now - LOG_RATE_WINDOW_SECONDS, until: 0 }),
    ]);
    return { quota: window.quota, rpm: lastMinute.requests, tpm: lastMinute.tokens };
  }

  /** Removes the entries created before `before`; answers how many. */
  async clear(before: number): Promise<number> {
    if (before <= 0) throw new AppError(messages.log.clearTargetRequired);
    return this.repository.deleteBefore(before);
  }
}

function checkedWindow(filter: LogFilter): LogFilter {
  if (filter.start_timestamp && filter.end_timestamp && filter.start_timestamp > filter.end_timestamp) {
    throw new AppError(messages.common.windowReversed);
  }
  return filter;
}
