import { channelTypeName } from '@switchboard/contract';
import { z } from 'zod';
import { scrubbedForKey } from '../../domain/secret-scrub';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { firstKey, resolveBaseUrl, type UpstreamAccess } from './fetch-models';
import { DETAIL_LIMIT, getUpstreamJson, joinUrl, UpstreamError } from './upstream-client';
import { messages } from '../../platform/i18n/catalogue';

const DAY_MILLISECONDS = 86_400_000;
/** With a payment method on file the OpenAI usage window reaches back 100 days (reference notes §2.7). */
const PAYMENT_METHOD_WINDOW_DAYS = 100;

interface BalanceEndpoint {
  /** Where the vendor answers when the channel sets no base URL; null: the type's default base URL. */
  defaultBase: string | null;
  read(base: string, key: string): Promise<number>;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const amount = z.union([z.number(), z.string()]).transform((value, context) => {
  const number = Number(value);
  if (!Number.isFinite(number)) context.addIssue({ code: 'custom', message: 'not a number' });
  return number;
});

const subscriptionSchema = z.object({ hard_limit_usd: z.number(), has_payment_method: z.boolean().optional() });
const usageSchema = z.object({ total_usage: z.number() });
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** OpenAI-style billing: the hard limit minus this period's usage (which is in cents). */
async function readOpenAiBilling(base: string, key: string): Promise<number> {
  const subscription = await getUpstreamJson(
    joinUrl(base, '/v1/dashboard/billing/subscription'),
    bearer(key),
    subscriptionSchema,
  );
  const now = Date.now();
  const start = subscription.has_payment_method
    ? isoDate(now - PAYMENT_METHOD_WINDOW_DAYS * DAY_MILLISECONDS)
    : `${isoDate(now).slice(0, 7)}-01`;
  const end = isoDate(now + DAY_MILLISECONDS);
  const usage = await getUpstreamJson(
    joinUrl(base, `/v1/dashboard/billing/usage?start_date=${start}&end_date=${end}`),
    bearer(key),
    usageSchema,
  );
  return subscription.hard_limit_usd - usage.total_usage / 100;
}

const creditGrants: BalanceEndpoint['read'] = async (base, key) =>
  (
    await getUpstreamJson(
      joinUrl(base, '/dashboard/billing/credit_grants'),
      bearer(key),
      z.object({ total_available: amount }),
    )
  ).total_available;

const aiProxyOverview = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: z.object({ totalPoints: amount }).nullish(),
});
const openRouterCredits = z.object({ data: z.object({ total_credits: amount, total_usage: amount }) });
const siliconFlowInfo = z.object({ data: z.object({ totalBalance: amount }) });
const moonshotBalance = z.object({ data: z.object({ available_balance: amount }) });
const deepSeekBalance = z.object({
  balance_infos: z.array(z.object({ currency: z.string(), total_balance: amount })).min(1),
});

/** The balance endpoints per type (reference notes §2.7); the channel's base URL overrides the host. */
const endpoints: Record<number, BalanceEndpoint> = {
  1: { defaultBase: null, read: readOpenAiBilling },
  8: { defaultBase: null, read: readOpenAiBilling },
  10: {
    defaultBase: 'https://aiproxy.io',
    async read(base, key) {
      const reply = await getUpstreamJson(
        joinUrl(base, '/api/report/getUserOverview'),
        { 'api-key': key },
        aiProxyOverview,
      );
      if (!reply.success || !reply.data) throw new UpstreamError(reply.message || 'the upstream refused the query');
      return reply.data.totalPoints;
    },
  },
  12: { defaultBase: 'https://api.api2gpt.com', read: creditGrants },
  13: { defaultBase: 'https://api.aigc2d.com', read: creditGrants },
  20: {
    defaultBase: 'https://openrouter.ai/api',
    async read(base, key) {
      const { data } = await getUpstreamJson(joinUrl(base, '/v1/credits'), bearer(key), openRouterCredits);
      return data.total_credits - data.total_usage;
    },
  },
  25: {
    defaultBase: 'https://api.moonshot.cn',
    read: async (base, key) =>
      (await getUpstreamJson(joinUrl(base, '/v1/users/me/balance'), bearer(key), moonshotBalance)).data
        .available_balance,
  },
  40: {
    defaultBase: 'https://api.siliconflow.cn',
    read: async (base, key) =>
      (await getUpstreamJson(joinUrl(base, '/v1/user/info'), bearer(key), siliconFlowInfo)).data.totalBalance,
  },
  43: {
    defaultBase: 'https://api.deepseek.com',
    async read(base, key) {
      const { balance_infos: balances } = await getUpstreamJson(
        joinUrl(base, '/user/balance'),
        bearer(key),
        deepSeekBalance,
      );
      const chosen = balances.find((entry) => entry.currency === 'USD') ?? balances[0];
      return chosen?.total_balance ?? 0;
    },
  },
};

export const supportsBalance = (type: number): boolean => type in endpoints;

/** Asks the upstream for the channel's remaining balance (in the vendor's currency, US dollars for OpenAI). */
export async function queryBalance(access: UpstreamAccess): Promise<number> {
  const endpoint = endpoints[access.type];
  if (!endpoint) throw new AppError(fill(messages.channel.balanceUnsupported, { type: channelTypeName(access.type) }));
  const key = firstKey(access.key);
  if (!key) throw new AppError(messages.channel.keyRequired);
  const base = access.baseUrl.trim()
    ? resolveBaseUrl(access.type, access.baseUrl)
    : (endpoint.defaultBase ?? resolveBaseUrl(access.type, ''));
  try {
    return await endpoint.read(base, key);
  } catch (error) {
    if (error instanceof UpstreamError)
      throw new AppError(
        fill(messages.channel.balanceFailed, { detail: scrubbedForKey(error.message, access.key, DETAIL_LIMIT) }),
      );
    throw error;
  }
}
