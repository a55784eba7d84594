import type { PageData, PaymentMethod, TopUpPayReply, TopUpView } from '@switchboard/contract';
import { api, apiRequest, buildHeaders } from '../http-client';

/** `POST /api/user/topup`: answers the quota added. */
export const redeemCode = (key: string) => api.post<number>('/api/user/topup', { key });

/** `POST /api/user/amount`: the amount payable, two decimals. */
export const fetchAmountPayable = (amount: number) => api.post<string>('/api/user/amount', { amount, top_up_code: '' });

/** `POST /api/user/pay`: the signed form fields and the gateway address. */
export async function startPayment(
  amount: number,
  method: PaymentMethod,
): Promise<{ fields: Record<string, string>; url: string }> {
  const reply = (await apiRequest<TopUpPayReply['data']>('POST', '/api/user/pay', {
    body: { amount, payment_method: method, top_up_code: '' },
  })) as TopUpPayReply;
  return { fields: reply.data, url: reply.url };
}

/** Moves the browser to the payment page: a form POST of the signed fields to the gateway. */
export function submitPaymentForm(payment: { fields: Record<string, string>; url: string }): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = payment.url;
  for (const [name, value] of Object.entries(payment.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Every top-up order query starts with this key, so one invalidation refreshes the list. */
export const TOP_UP_ORDERS_QUERY_KEY = ['top-up-orders'] as const;

/** `GET /api/user/topup` (admin): online top-up orders, newest first; `keyword` matches the trade number. */
export const fetchTopUpOrders = (query: { page: number; size: number; keyword: string }) =>
  api.get<PageData<TopUpView>>('/api/user/topup', {
    query: { p: query.page, page_size: query.size, keyword: query.keyword },
  });

/** `POST /api/user/topup/complete` (admin): completes a pending order by hand, crediting its quota. */
export const completeTopUpOrder = (tradeNo: string) =>
  api.post<undefined>('/api/user/topup/complete', { trade_no: tradeNo });

/** The reference answers its Stripe calls outside the envelope: `{message: "success" | "error", data}`. */
export async function stripeCall<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: buildHeaders(true),
    body: JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const reply = (await response.json().catch(() => null)) as { message?: string; data?: unknown } | null;
  if (reply?.message !== 'success') throw new Error(typeof reply?.data === 'string' ? reply.data : response.statusText);
  return reply.data as T;
}

/** `POST /api/user/stripe/amount`: the money charged for `amount` units, two decimals. */
export const fetchStripePayable = (amount: number) => stripeCall<string>('/api/user/stripe/amount', { amount });

/** `POST /api/user/stripe/pay`: the Checkout Session's address. */
export const startStripeCheckout = (amount: number) =>
  stripeCall<{ pay_link: string }>('/api/user/stripe/pay', { amount, payment_method: 'stripe' });
