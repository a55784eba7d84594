import type { Selectable } from 'kysely';
import type { MidjourneysTable, TasksTable } from '../db/tables/tasks';

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
