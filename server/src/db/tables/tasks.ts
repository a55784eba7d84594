import type { Generated } from 'kysely';

/** What a task was billed and where it ran, and the claim of its refund (both task tables). */
interface BilledTaskColumns {
  channel_id: Generated<number>;
  model_name: Generated<string>;
  quota: Generated<number>;
  /** 0 not refunded, 2 refund claimed by `refund_owner` (credit not yet known durable), 1 refunded */
  refunded: Generated<number>;
  /** the instance (its settlement journal's id) that claimed the refund; '' before */
  refund_owner: Generated<string>;
  /** the user subscription that paid the task, 0 for the wallet (migration 171) */
  subscription_id: Generated<number>;
}

/** `midjourneys`: drawing tasks (spec 001 §3; reference notes §9.1). Times are unix ms. */
export interface MidjourneysTable extends BilledTaskColumns {
  id: Generated<number>;
  code: Generated<number>;
  user_id: number;
  token_id: Generated<number>;
  group: Generated<string>;
  action: Generated<string>;
  mj_id: string;
  prompt: string | null;
  prompt_en: string | null;
  description: string | null;
  state: string | null;
  submit_time: Generated<number>;
  start_time: Generated<number>;
  finish_time: Generated<number>;
  image_url: string | null;
  video_url: string | null;
  video_urls: string | null;
  status: Generated<string>;
  progress: Generated<string>;
  fail_reason: string | null;
  /** unix ms of the claim */
  refund_claimed_at: Generated<number>;
  /** JSON text */
  buttons: string | null;
  /** JSON text */
  properties: string | null;
}

/** `tasks`: async tasks of every other platform (Suno, video; reference notes §9.2). Times are unix seconds. */
export interface TasksTable extends BilledTaskColumns {
  id: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
  task_id: string;
  platform: string;
  user_id: number;
  token_id: Generated<number>;
  group: Generated<string>;
  /** unix seconds of the claim */
  refund_claimed_at: Generated<number>;
  action: Generated<string>;
  /** NOT_START, SUBMITTED, QUEUED, IN_PROGRESS, SUCCESS, FAILURE, UNKNOWN ('' while submitting) */
  status: Generated<string>;
  fail_reason: string | null;
  submit_time: Generated<number>;
  start_time: Generated<number>;
  finish_time: Generated<number>;
  progress: Generated<string>;
  /** JSON text */
  properties: string | null;
  /** JSON text the user never sees (upstream ids, keys of the platform) */
  private_data: string | null;
  /** JSON text: the platform's last answer for the task */
  data: string | null;
}
