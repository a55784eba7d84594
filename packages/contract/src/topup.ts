import { z } from 'zod';

/** Spec 001 §9: the two online payment methods, and what the epay gateway calls them. */
export const PAYMENT_METHODS = ['zfb', 'wx'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const EPAY_TYPE_OF: Record<PaymentMethod, string> = { zfb: 'alipay', wx: 'wxpay' };

export const isPaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/** Reference notes §10.2: a top-up record moves from pending to success exactly once. */
export const TopUpStatus = {
  Pending: 'pending',
  Success: 'success',
  Failed: 'failed',
  Expired: 'expired',
} as const;

/** The epay notify callback, under /api (reference notes §10.1). */
export const EPAY_NOTIFY_PATH = '/user/epay/notify';
/** The gateway's form submit path, appended to PayAddress. */
export const EPAY_SUBMIT_PATH = '/submit.php';

/** `POST /api/user/amount` asks for the amount payable of `amount` dollars of quota. */
export const topUpAmountRequestSchema = z.object({
  amount: z.number(),
  top_up_code: z.string().optional(),
});
export type TopUpAmountRequest = z.infer<typeof topUpAmountRequestSchema>;

/** `POST /api/user/pay`: starts an online payment. */
export const topUpPayRequestSchema = topUpAmountRequestSchema.extend({ payment_method: z.string() });
export type TopUpPayRequest = z.infer<typeof topUpPayRequestSchema>;

/** The reply of `POST /api/user/pay`: the signed form fields in `data` and the gateway address in `url`. */
export interface TopUpPayReply {
  success: boolean;
  message: string;
  data: Record<string, string>;
  url: string;
}

/** `POST /api/user/topup/complete`: an administrator completes a pending top-up by hand. */
export const topUpCompleteRequestSchema = z.object({ trade_no: z.string() });

export interface TopUpView {
  id: number;
  user_id: number;
  /** dollars of quota bought */
  amount: number;
  /** what was paid, in the gateway's currency */
  money: number;
  trade_no: string;
  payment_method: string;
  create_time: number;
  /** 0 while pending */
  complete_time: number;
  status: string;
}

/** The amount payable: amount × Price × the top-up ratio of the user's group (a missing or zero ratio counts as 1). */
export function amountPayable(amount: number, price: number, groupRatio: number | undefined): number {
  const ratio = groupRatio && groupRatio > 0 ? groupRatio : 1;
  return amount * price * ratio;
}

/** Money as the gateway and the confirmation show it: two decimals. */
export const formatMoney = (money: number): string => money.toFixed(2);
