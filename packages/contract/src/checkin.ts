/** One day's check-in in `GET /api/user/checkin`'s month records. */
export interface CheckinRecord {
  checkin_date: string;
  quota_awarded: number;
}

/** `data` of `GET /api/user/checkin?month=YYYY-MM`. */
export interface CheckinStatus {
  enabled: boolean;
  min_quota: number;
  max_quota: number;
  stats: {
    /** all time */
    total_quota: number;
    total_checkins: number;
    /** in the month asked for */
    checkin_count: number;
    checked_in_today: boolean;
    /** the month's check-ins, newest first */
    records: CheckinRecord[];
  };
}

/** `data` of `POST /api/user/checkin`. */
export interface CheckinResult {
  quota_awarded: number;
  checkin_date: string;
}
