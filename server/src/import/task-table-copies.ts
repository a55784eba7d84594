import { modelOfAction } from '../relay/midjourney/actions';
import { keep, sameTableById, type TableCopy } from './table-copy';
import { integer, jsonTextOrNull, text, type SourceRow } from './value-readers';

/**
 * Drawing and async tasks (reference notes §9). The reference refunded a task that failed as it
 * failed, so a failed task arrives refunded; an unfinished one is polled on by Switchboard's master.
 * The model a task was billed under is not stored there: drawings name it by their action (as the
 * relay does), Suno tasks by theirs; other platforms' tasks keep it empty.
 */

const refundedIfFailed = (row: SourceRow): number => (text(row.status) === 'FAILURE' ? 1 : 0);

const taskTimes = (row: SourceRow) => ({
  submit_time: integer(row.submit_time),
  start_time: integer(row.start_time),
  finish_time: integer(row.finish_time),
});

export const midjourneys: TableCopy = {
  ...sameTableById('midjourneys'),
  carried: [
    'id',
    'code',
    'user_id',
    'action',
    'mj_id',
    'prompt',
    'prompt_en',
    'description',
    'state',
    'submit_time',
    'start_time',
    'finish_time',
    'image_url',
    'video_url',
    'video_urls',
    'status',
    'progress',
    'fail_reason',
    'channel_id',
    'quota',
    'buttons',
    'properties',
  ],
  map: (row) => {
    const action = text(row.action);
    return keep({
      id: integer(row.id),
      code: integer(row.code),
      user_id: integer(row.user_id),
      action,
      mj_id: text(row.mj_id),
      prompt: text(row.prompt),
      prompt_en: text(row.prompt_en),
      description: text(row.description),
      state: text(row.state),
      ...taskTimes(row),
      image_url: text(row.image_url),
      video_url: text(row.video_url),
      video_urls: jsonTextOrNull(row.video_urls),
      status: text(row.status),
      progress: text(row.progress),
      fail_reason: text(row.fail_reason),
      channel_id: integer(row.channel_id),
      model_name: action ? modelOfAction(action) : '',
      quota: integer(row.quota),
      refunded: refundedIfFailed(row),
      buttons: jsonTextOrNull(row.buttons),
      properties: jsonTextOrNull(row.properties),
    });
  },
};

export const tasks: TableCopy = {
  ...sameTableById('tasks'),
  carried: [
    'id',
    'created_at',
    'updated_at',
    'task_id',
    'platform',
    'user_id',
    'group',
    'channel_id',
    'quota',
    'action',
    'status',
    'fail_reason',
    'submit_time',
    'start_time',
    'finish_time',
    'progress',
    'properties',
    'private_data',
    'data',
  ],
  map: (row) => {
    const platform = text(row.platform);
    const action = text(row.action);
    return keep({
      id: integer(row.id),
      created_at: integer(row.created_at),
      updated_at: integer(row.updated_at),
      task_id: text(row.task_id),
      platform,
      user_id: integer(row.user_id),
      group: text(row.group),
      channel_id: integer(row.channel_id),
      model_name: platform === 'suno' && action ? `suno_${action.toLowerCase()}` : '',
      quota: integer(row.quota),
      refunded: refundedIfFailed(row),
      action,
      status: text(row.status),
      fail_reason: text(row.fail_reason),
      ...taskTimes(row),
      progress: text(row.progress),
      properties: jsonTextOrNull(row.properties),
      private_data: jsonTextOrNull(row.private_data),
      data: jsonTextOrNull(row.data),
    });
  },
};
