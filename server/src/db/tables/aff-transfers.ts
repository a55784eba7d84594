import type { Generated } from 'kysely';

/** `aff_transfers`: invite earnings taken from `aff_quota` whose credit is not yet durable (migration 172). */
export interface AffTransfersTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  /** the instance that owes the credit */
  credit_owner: string;
  created_at: number;
}
