import { buildHeaders } from '../../api/http-client';

/** The reference answers its Stripe calls outside the envelope: `{message: "success" | "error", data}`. */
export async function stripeCall<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(path, { method: 'POST', headers: buildHeaders(true), body: JSON.stringify(body), credentials: 'same-origin', cache: 'no-store' });
  const reply = (await response.json().catch(() => null)) as { message?: string; data?: unknown } | null;
  if (reply?.message !== 'success') throw new Error(typeof reply?.data === 'string' ? reply.data : response.statusText);
  return reply.data as T;
}

/** `POST /api/user/stripe/amount`: the money charged for `amount` units, two decimals. */
export const fetchStripePayable = (amount: number) => stripeCall<string>('/api/user/stripe/amount', { amount });

/** `POST /api/user/stripe/pay`: the Checkout Session's address. */
export const startStripeCheckout = (amount: number) =>
  stripeCall<{ pay_link: string }>('/api/user/stripe/pay', { amount, payment_method: 'stripe' });
