import type { Generated } from 'kysely';

/** `pending_credits`: credits owed for something consumed and not yet durable (migration 172). */
export interface PendingCreditsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  /** the ledger's credit reason ('top-up', 'reward') */
  reason: string;
  /** the text of the credit's log row */
  content: string;
  /** the `request_id` of the credit's log row */
  witness: string;
  /** the instance that owes the credit */
  credit_owner: string;
  created_at: number;
}
