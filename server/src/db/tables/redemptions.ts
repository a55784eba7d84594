import type { Generated } from 'kysely';

/** `redemptions`: spec 001 §3 Redemption; status 1 unused, 2 disabled, 3 used. */
export interface RedemptionsTable {
  id: Generated<number>;
  /** the administrator who created it */
  user_id: number;
  /** 32 random characters */
  key: string;
  status: Generated<number>;
  name: string;
  quota: Generated<number>;
  created_time: number;
  redeemed_time: Generated<number>;
  /** 0 = nobody */
  used_user_id: Generated<number>;
}
