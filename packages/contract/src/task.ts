import { z } from 'zod';
import { lenientWholeNumber } from './envelope';

/** Spec 001 §4 drawing task statuses, submit codes and actions. */
export const MIDJOURNEY_STATUSES = ['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'MODAL'] as const;
export const MIDJOURNEY_SUBMIT_CODES = [1, 21, 22, 0] as const;
export const MIDJOURNEY_ACTIONS = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'HIGH_VARIATION',
  'LOW_VARIATION',
  'PAN',
  'DESCRIBE',
  'BLEND',
  'UPLOAD',
  'SHORTEN',
  'REROLL',
  'INPAINT',
  'ZOOM',
  'CUSTOM_ZOOM',
  'MODAL',
  'SWAP_FACE',
] as const;

/** Spec 001 §4 async task statuses; '' is a task still being submitted. */
export const TASK_STATUSES = [
  'SUCCESS',
  'NOT_START',
  'SUBMITTED',
  'IN_PROGRESS',
  'FAILURE',
  'QUEUED',
  'UNKNOWN',
  '',
] as const;
export const TASK_ACTIONS = ['MUSIC', 'LYRICS'] as const;

/** The /midjourney screen opens on the last 30 days; the /task screen on the start of today (local time). */
/**
 * A drawing's image address as clients and the console see it: with MjForwardUrlEnabled the gateway's
 * own proxy `{ServerAddress}/mj/image/{mj_id}` (relative without a ServerAddress), else the upstream's.
 */
export function midjourneyImageAddress(
  imageUrl: string,
  mjId: string,
  forward: boolean,
  serverAddress: string,
): string {
  return forward && imageUrl ? `${serverAddress.replace(/\/+$/, '')}/mj/image/${encodeURIComponent(mjId)}` : imageUrl;
}

export const MIDJOURNEY_DEFAULT_LOOKBACK_MS = 30 * 24 * 3600 * 1000;

/** A task that ran longer than this many seconds shows its duration in red. */
export const TASK_SLOW_SECONDS = 60;

const optionalText = z.string().trim().max(191).optional().default('');

const optionalTime = lenientWholeNumber;
const channelId = lenientWholeNumber;

/** The filters both task lists take: the channel (administrators only) and a submit-time range. */
const taskListFilterShape = { channel_id: channelId, start_timestamp: optionalTime, end_timestamp: optionalTime };

/**
 * Filters of `GET /api/mj/` and `/api/mj/self/` (paging comes on top). Times are unix milliseconds,
 * as the drawing tasks store them; `channel_id` applies to administrators only.
 */
export const midjourneyFilterShape = { ...taskListFilterShape, mj_id: optionalText };
export const midjourneyFilterSchema = z.object(midjourneyFilterShape);
export type MidjourneyFilter = z.infer<typeof midjourneyFilterSchema>;

/** Filters of `GET /api/task/` and `/api/task/self`. Times are unix seconds; `channel_id` for administrators only. */
export const taskFilterShape = { ...taskListFilterShape, task_id: optionalText };
export const taskFilterSchema = z.object(taskFilterShape);
export type TaskFilter = z.infer<typeof taskFilterSchema>;

/** A drawing task as the console receives it (reference notes §9.1); `channel_id` is 0 in the self view. */
export interface MidjourneyView {
  id: number;
  code: number;
  user_id: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  /** unix milliseconds, 0 when not reached */
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  video_url: string;
  video_urls: string;
  status: string;
  progress: string;
  fail_reason: string;
  channel_id: number;
  quota: number;
  /** JSON text of the upstream's buttons */
  buttons: string;
  /** JSON text */
  properties: string;
}

/** An async task as the console receives it (reference notes §9.2); `channel_id` is 0 in the self view. */
export interface TaskView {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  group: string;
  channel_id: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  /** unix seconds, 0 when not reached */
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  properties: unknown;
  /** the platform's last answer for the task, as JSON (null when there is none) */
  data: unknown;
}

/** Whole seconds between submit and finish, or null while the task runs; `unit` is how many per second the times count. */
export function taskDurationSeconds(submitTime: number, finishTime: number, unit: 1 | 1000): number | null {
  if (!submitTime || !finishTime || finishTime < submitTime) return null;
  return Math.round((finishTime - submitTime) / unit);
}

/** Only http(s) addresses become links or images; anything else (javascript:, data:) answers ''. */
export function safeLink(url: string | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : '';
  } catch {
    return '';
  }
}

const resultItemSchema = z.looseObject({
  title: z.string().optional(),
  audio_url: z.string().optional(),
  video_url: z.string().optional(),
  url: z.string().optional(),
  text: z.string().optional(),
  metadata: z.looseObject({ prompt: z.string().optional(), url: z.string().optional() }).optional(),
});

export interface TaskResultLink {
  title: string;
  url: string;
}

/** What the /task result dialog shows: audio and video links and lyrics texts found in a task's `data`. */
export interface TaskResult {
  audios: TaskResultLink[];
  videos: TaskResultLink[];
  lyrics: Array<{ title: string; text: string }>;
}

/** Suno clips are an array (music) or one object (lyrics), sometimes wrapped in `{data}`; video answers carry `url`. */
function resultItems(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (typeof data !== 'object' || data === null) return [];
  const inner = (data as { data?: unknown }).data;
  return inner !== undefined && typeof inner === 'object' && inner !== null ? resultItems(inner) : [data];
}

export function taskResultOf(data: unknown): TaskResult {
  const result: TaskResult = { audios: [], videos: [], lyrics: [] };
  for (const raw of resultItems(data)) {
    const parsed = resultItemSchema.safeParse(raw);
    if (!parsed.success) continue;
    const item = parsed.data;
    const title = item.title ?? '';
    const audio = safeLink(item.audio_url);
    const video = safeLink(item.video_url) || safeLink(item.url) || safeLink(item.metadata?.url);
    const text = item.text ?? item.metadata?.prompt ?? '';
    if (audio) result.audios.push({ title, url: audio });
    if (video) result.videos.push({ title, url: video });
    if (text.trim()) result.lyrics.push({ title, text });
  }
  return result;
}

export const hasTaskResult = (result: TaskResult) =>
  result.audios.length + result.videos.length + result.lyrics.length > 0;
