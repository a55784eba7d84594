import type {
  SubscriptionPlan,
  SubscriptionResetResult,
  SubscriptionSelf,
  UserSubscription,
} from '@switchboard/contract';
import { api, apiRequest } from '../http-client';
import { stripeCall } from './topup';

/** Every subscription query starts with this key, so one invalidation refreshes them all. */
export const SUBSCRIPTIONS_QUERY_KEY = ['subscriptions'] as const;

/** `GET /api/subscription/plans`: the enabled plans a user may buy. */
export const fetchPlans = () => api.get<Array<{ plan: SubscriptionPlan }>>('/api/subscription/plans');

/** `GET /api/subscription/self`: the billing preference and the user's subscriptions. */
export const fetchMySubscriptions = () => api.get<SubscriptionSelf>('/api/subscription/self');

export const saveBillingPreference = (billing_preference: string) =>
  api.put<{ billing_preference: string }>('/api/subscription/self/preference', { billing_preference });

/** `POST /api/subscription/balance/pay`: buys a plan with the wallet balance. */
export const buyWithBalance = (planId: number) =>
  api.post<UserSubscription>('/api/subscription/balance/pay', { plan_id: planId });

/** `POST /api/subscription/epay/pay`: the signed form fields of a plan's order and the gateway address. */
export async function startPlanEpay(
  planId: number,
  method: string,
): Promise<{ fields: Record<string, string>; url: string }> {
  const reply = (await apiRequest<Record<string, string>>('POST', '/api/subscription/epay/pay', {
    body: { plan_id: planId, payment_method: method },
  })) as unknown as {
    data: Record<string, string>;
    url: string;
  };
  return { fields: reply.data, url: reply.url };
}

/** `POST /api/subscription/stripe/pay`: the Checkout Session's address for a plan. */
export const startPlanStripe = (planId: number) =>
  stripeCall<{ pay_link: string }>('/api/subscription/stripe/pay', { plan_id: planId });

export const fetchAllPlans = () => api.get<Array<{ plan: SubscriptionPlan }>>('/api/subscription/admin/plans');

export const createPlan = (plan: Partial<SubscriptionPlan>) =>
  api.post<SubscriptionPlan>('/api/subscription/admin/plans', { plan });

export const updatePlan = (id: number, plan: Partial<SubscriptionPlan>) =>
  api.put<SubscriptionPlan>(`/api/subscription/admin/plans/${id}`, { plan });

export const setPlanEnabled = (id: number, enabled: boolean) =>
  api.patch<SubscriptionPlan>(`/api/subscription/admin/plans/${id}`, { enabled });

export const resetPlan = (id: number, advance: boolean) =>
  api.post<SubscriptionResetResult>(`/api/subscription/admin/plans/${id}/subscriptions/reset`, {
    plan_id: id,
    advance_reset_time: advance,
  });

export const fetchUserSubscriptions = (userId: number) =>
  api.get<Array<{ subscription: UserSubscription }>>(`/api/subscription/admin/users/${userId}/subscriptions`);

export const bindPlan = (userId: number, planId: number) =>
  api.post<{ message?: string }>('/api/subscription/admin/bind', { user_id: userId, plan_id: planId });

export const invalidateSubscription = (id: number) =>
  api.post<undefined>(`/api/subscription/admin/user_subscriptions/${id}/invalidate`);

export const deleteSubscription = (id: number) =>
  api.delete<undefined>(`/api/subscription/admin/user_subscriptions/${id}`);
