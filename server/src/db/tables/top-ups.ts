import type { Generated } from 'kysely';

/** `top_ups`: online payments; status pending → success exactly once (reference notes §10.2). */
export interface TopUpsTable {
  id: Generated<number>;
  user_id: number;
  /** dollars of quota bought */
  amount: number;
  /** paid, in the gateway's currency */
  money: number;
  trade_no: string;
  payment_method: string;
  create_time: number;
  complete_time: Generated<number>;
  status: string;
  /** the instance crediting the order, '' once its credit is durable (migration 150) */
  credit_owner: Generated<string>;
}
