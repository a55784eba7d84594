import type { Generated } from 'kysely';

/** `checkins`: a user's daily check-in, `checkin_date` the server's local date (YYYY-MM-DD); unique per user and day. */
export interface CheckinsTable {
  id: Generated<number>;
  user_id: number;
  checkin_date: string;
  quota_awarded: number;
  created_at: number;
}
