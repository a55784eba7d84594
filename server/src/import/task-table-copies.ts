import { modelOfAction } from '../relay/midjourney/actions';
import { keep, readSameNamed, sameTableById, type SameNamedColumns, type TableCopy } from './table-copy';
import { integer, jsonTextOrNull, text, type SourceRow } from './value-readers';

/**
 * Drawing and async tasks (reference notes §9). The reference refunded a task that failed as it
 * failed, so a failed task arrives refunded; an unfinished one is polled on by Switchboard's master.
 * The model a task was billed under is not stored there: drawings name it by their action (as the
 * relay does), Suno tasks by theirs; other platforms' tasks keep it empty.
 */

const refundedIfFailed = (row: SourceRow): number => (text(row.status) === 'FAILURE' ? 1 : 0);

/** A task table's copy: its columns, the `carried` ones that `billed` reads into the model billed, and the refund. */
function taskCopy(
  table: 'midjourneys' | 'tasks',
  columns: SameNamedColumns,
  carried: string[],
  billed: (row: SourceRow) => Record<string, unknown>,
): TableCopy {
  return {
    ...sameTableById(table),
    carried: [...Object.keys(columns), ...carried],
    map: (row) => keep({ ...readSameNamed(row, columns), ...billed(row), refunded: refundedIfFailed(row) }),
  };
}

const taskTimes = { submit_time: integer, start_time: integer, finish_time: integer } satisfies SameNamedColumns;

const midjourneyColumns = {
  id: integer,
  code: integer,
  user_id: integer,
  mj_id: text,
  prompt: text,
  prompt_en: text,
  description: text,
  state: text,
  ...taskTimes,
  image_url: text,
  video_url: text,
  video_urls: jsonTextOrNull,
  status: text,
  progress: text,
  fail_reason: text,
  channel_id: integer,
  quota: integer,
  buttons: jsonTextOrNull,
  properties: jsonTextOrNull,
} satisfies SameNamedColumns;

export const midjourneys = taskCopy('midjourneys', midjourneyColumns, ['action'], (row) => {
  const action = text(row.action);
  return { action, model_name: action ? modelOfAction(action) : '' };
});

const taskColumns = {
  id: integer,
  created_at: integer,
  updated_at: integer,
  task_id: text,
  user_id: integer,
  group: text,
  channel_id: integer,
  quota: integer,
  status: text,
  fail_reason: text,
  ...taskTimes,
  progress: text,
  properties: jsonTextOrNull,
  private_data: jsonTextOrNull,
  data: jsonTextOrNull,
} satisfies SameNamedColumns;

export const tasks = taskCopy('tasks', taskColumns, ['platform', 'action'], (row) => {
  const platform = text(row.platform);
  const action = text(row.action);
  return { platform, action, model_name: platform === 'suno' && action ? `suno_${action.toLowerCase()}` : '' };
});
