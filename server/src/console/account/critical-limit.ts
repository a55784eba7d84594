import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { WindowRateLimiter, type RateLimiter } from '../../platform/rate-limit';
import { messages } from '../../platform/i18n/catalogue';

type PreHandler = (request: FastifyRequest) => Promise<void>;

const limiters = new WeakMap<AppContext, RateLimiter>();

/** The limiter of this server, over its shared counters (Redis when configured), made once for every route. */
export function rateLimiterOf(context: AppContext): RateLimiter {
  let limiter = limiters.get(context);
  if (!limiter) {
    limiter = new WindowRateLimiter(context.counters);
    limiters.set(context, limiter);
  }
  return limiter;
}

/** Refuses with HTTP 429 once `key` has been hit more than `limit` times in `windowSeconds`. */
export async function enforceLimit(
  context: AppContext,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  if (!(await rateLimiterOf(context).hit(key, limit, windowSeconds))) {
    throw new AppError(messages.common.tooManyRequests, { status: 429, code: 'rate_limited' });
  }
}

/**
 * The critical limit shared by registration, reset, verification and OAuth: one counter per
 * client IP, CRITICAL_RATE_LIMIT calls per CRITICAL_RATE_LIMIT_DURATION seconds. Password sign-in counts
 * its failures per address and account instead (auth/login-attempts.ts).
 */
export function criticalRateLimit(context: AppContext): PreHandler {
  const { CRITICAL_RATE_LIMIT: limit, CRITICAL_RATE_LIMIT_DURATION: duration } = context.config;
  return (request) => enforceLimit(context, `critical:${request.ip}`, limit, duration);
}
