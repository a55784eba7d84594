import type { Selectable } from 'kysely';
import { toNumber } from '../db/dialect';
import type { MidjourneysTable, TasksTable } from '../db/tables/tasks';
import type { Language } from '../platform/text';
import { failReasonIn } from './task-fail-reason';

/** A stored drawing (Midjourney) as the database returns it. */
export type MidjourneyRow = Selectable<MidjourneysTable>;
/** A stored async task (Suno, video, ...) as the database returns it. */
export type TaskRow = Selectable<TasksTable>;

/**
 * A JSON text column of a task row as a value: nothing is null; text that is not JSON (a row imported
 * from another product, say) is answered as the text it is rather than dropped.
 */
export function storedJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * What every view of a drawing (the console's, a midjourney-proxy client's) shows of its row: nulls
 * read as '', numbers as numbers, the failure in the reader's language; `imageUrl` as the view
 * addresses it.
 */
export function drawingColumns(row: MidjourneyRow, imageUrl: string, language: Language) {
  return {
    prompt: row.prompt ?? '',
    prompt_en: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submit_time: toNumber(row.submit_time),
    start_time: toNumber(row.start_time),
    finish_time: toNumber(row.finish_time),
    image_url: imageUrl,
    video_url: row.video_url ?? '',
    status: row.status,
    progress: row.progress,
    fail_reason: failReasonIn(row.fail_reason, language),
  };
}
