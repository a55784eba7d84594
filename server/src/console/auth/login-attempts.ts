import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import type { WindowCounter } from '../../platform/window-counter';
import { messages } from '../../platform/i18n/catalogue';

/** How many times the address+account limit the per-account limit is: more than one address can reach alone. */
export const ACCOUNT_LIMIT_FACTOR = 3;

/**
 * Failed password sign-ins, counted in two windows of CRITICAL_RATE_LIMIT_DURATION seconds:
 * - per address and account: CRITICAL_RATE_LIMIT failures lock that pair only, so one address guessing
 *   one account does not lock out the others behind the same address (a NAT, a proxy, or the whole site
 *   behind a proxy that is not in TRUSTED_PROXIES);
 * - per account, from any address: a looser cap (3x) that no single address can reach alone, so one
 *   address cannot lock another's account; several together are slowed to that rate.
 * There is deliberately no per-address cap: it would lock out everyone behind a shared address again.
 * Successful sign-ins count nowhere. `account` names the account (its id, or the unknown login text);
 * it is hashed into the keys (fixed size, no raw text in Redis).
 */
export class LoginAttempts {
  private readonly limit: number;
  private readonly windowSeconds: number;

  constructor(
    private readonly counter: WindowCounter,
    config: { CRITICAL_RATE_LIMIT: number; CRITICAL_RATE_LIMIT_DURATION: number },
  ) {
    this.limit = config.CRITICAL_RATE_LIMIT;
    this.windowSeconds = config.CRITICAL_RATE_LIMIT_DURATION;
  }

  /** Refuses (HTTP 429) before the password is checked when either window is full. */
  async refuseWhenLocked(address: string, account: string): Promise<void> {
    const keys = this.keysOf(address, account);
    const [pair, ofAccount] = await Promise.all([this.counter.read(keys.pair), this.counter.read(keys.account)]);
    if (pair >= this.limit || ofAccount >= this.limit * ACCOUNT_LIMIT_FACTOR) {
      const minutes = Math.ceil(this.windowSeconds / 60);
      throw new AppError(fill(messages.user.tooManyFailedLogins, { minutes }), { status: 429, code: 'rate_limited' });
    }
  }

  async recordFailure(address: string, account: string): Promise<void> {
    const keys = this.keysOf(address, account);
    await Promise.all([
      this.counter.add(keys.pair, 1, this.windowSeconds),
      this.counter.add(keys.account, 1, this.windowSeconds),
    ]);
  }

  private keysOf(address: string, accountName: string): { pair: string; account: string } {
    const account = createHash('sha256').update(accountName).digest('base64url').slice(0, 22);
    return {
      pair: `login-failures:pair:${address}:${account}`,
      account: `login-failures:account:${account}`,
    };
  }
}

const attemptsOf = new WeakMap<AppContext, LoginAttempts>();

/** The server's one LoginAttempts, over its shared counters (memory, Redis or the cluster primary's). */
export function loginAttempts(context: AppContext): LoginAttempts {
  let attempts = attemptsOf.get(context);
  if (!attempts) {
    attempts = new LoginAttempts(context.counters, context.config);
    attemptsOf.set(context, attempts);
  }
  return attempts;
}
