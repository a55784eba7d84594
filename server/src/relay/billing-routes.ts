import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { toNumber } from '../db/dialect';
import { authenticateToken, type Caller } from './authenticate';
import type { RelayServices } from './relay-services';

const UNLIMITED_USD = 100_000_000;

/** Used and remaining quota of the token (DisplayTokenStatEnabled) or else of its user. */
async function amounts(
  context: AppContext,
  caller: Caller,
): Promise<{ used: number; remain: number; unlimited: boolean }> {
  const token = caller.token;
  if (token && context.options.boolean('DisplayTokenStatEnabled')) {
    const row = await context.database.db
      .selectFrom('tokens')
      .select('used_quota')
      .where('id', '=', token.id)
      .executeTakeFirst();
    return {
      used: toNumber(row?.used_quota),
      remain: await context.balances.tokenRemain(token.id),
      unlimited: token.unlimited,
    };
  }
  const row = await context.database.db
    .selectFrom('users')
    .select('used_quota')
    .where('id', '=', caller.user.id)
    .executeTakeFirst();
  return {
    used: toNumber(row?.used_quota),
    remain: await context.balances.userQuota(caller.user.id),
    unlimited: false,
  };
}

/** OpenAI's old billing endpoints, which many clients still call to show a balance. */
export function registerBillingRoutes(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  for (const prefix of ['', '/v1']) {
    app.get(`${prefix}/dashboard/billing/subscription`, async (request) => {
      const caller = await authenticateToken(context, services, request);
      const { used, remain, unlimited } = await amounts(context, caller);
      const limit = unlimited ? UNLIMITED_USD : (used + remain) / context.options.number('QuotaPerUnit');
      return {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: limit,
        hard_limit_usd: limit,
        system_hard_limit_usd: limit,
        access_until: caller.token && caller.token.expiredTime > 0 ? caller.token.expiredTime : 0,
      };
    });
    app.get(`${prefix}/dashboard/billing/usage`, async (request) => {
      const caller = await authenticateToken(context, services, request);
      const { used } = await amounts(context, caller);
      return { object: 'list', total_usage: (used / context.options.number('QuotaPerUnit')) * 100 };
    });
  }
}
