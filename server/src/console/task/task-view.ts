import { midjourneyImageAddress, type MidjourneyView, type TaskView } from '@switchboard/contract';
import { toNumber } from '../../db/dialect';
import { drawingColumns, storedJson, type MidjourneyRow, type TaskRow } from '../../domain/task-rows';
import { failReasonIn } from '../../domain/task-fail-reason';
import type { Language } from '../../platform/text';

/** The image of a drawing task: the gateway's own proxy address when MjForwardUrlEnabled is on. */
export interface ImageAddressing {
  forward: boolean;
  /** ServerAddress ('' keeps the address relative to the console) */
  serverAddress: string;
}

/** A drawing task as administrators see it: every column the console reads, channel included. */
export function midjourneyView(row: MidjourneyRow, images: ImageAddressing, language: Language): MidjourneyView {
  return {
    id: toNumber(row.id),
    code: toNumber(row.code),
    user_id: toNumber(row.user_id),
    action: row.action,
    mj_id: row.mj_id,
    ...drawingColumns(
      row,
      midjourneyImageAddress(row.image_url ?? '', row.mj_id, images.forward, images.serverAddress),
      language,
    ),
    video_urls: row.video_urls ?? '',
    channel_id: toNumber(row.channel_id),
    quota: toNumber(row.quota),
    buttons: row.buttons ?? '',
    properties: row.properties ?? '',
  };
}

/** An async task as administrators see it; `private_data` (upstream ids and keys) never leaves the server. */
export function taskView(row: TaskRow, language: Language): TaskView {
  return {
    id: toNumber(row.id),
    created_at: toNumber(row.created_at),
    updated_at: toNumber(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    user_id: toNumber(row.user_id),
    group: row.group,
    channel_id: toNumber(row.channel_id),
    quota: toNumber(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: failReasonIn(row.fail_reason, language),
    submit_time: toNumber(row.submit_time),
    start_time: toNumber(row.start_time),
    finish_time: toNumber(row.finish_time),
    progress: row.progress,
    properties: storedJson(row.properties),
    data: storedJson(row.data),
  };
}

/** The owner's view hides which channel served the task. */
export const withoutChannel = <View extends { channel_id: number }>(view: View): View => ({ ...view, channel_id: 0 });
