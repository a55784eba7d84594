import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import type { WindowCounter } from '../../platform/window-counter';
import { userMessages } from '../user/messages';

/** How many times the address+account limit the per-account and the per-address limits are. */
export const ACCOUNT_LIMIT_FACTOR = 3;
export const ADDRESS_LIMIT_FACTOR = 10;

/**
 * Failed password sign-ins, counted in three windows of CRITICAL_RATE_LIMIT_DURATION seconds:
 * - per address and account: CRITICAL_RATE_LIMIT failures lock that pair only, so one address guessing
 *   one account does not lock out the others behind the same address (a NAT, a proxy);
 * - per account, from any address: a looser cap (3x) that no single address can reach alone, so one
 *   address cannot lock another's account; several together slow guessing to that rate;
 * - per address, over all accounts: a loose cap (10x) against guessing many accounts from one address.
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

  /** Refuses (HTTP 429) before the password is checked when any of the three windows is full. */
  async refuseWhenLocked(address: string, account: string): Promise<void> {
    const keys = this.keysOf(address, account);
    const [pair, ofAccount, fromAddress] = await Promise.all([keys.pair, keys.account, keys.address].map((key) => this.counter.read(key)));
    if ((pair ?? 0) >= this.limit || (ofAccount ?? 0) >= this.limit * ACCOUNT_LIMIT_FACTOR || (fromAddress ?? 0) >= this.limit * ADDRESS_LIMIT_FACTOR) {
      const minutes = Math.ceil(this.windowSeconds / 60);
      throw new AppError(fill(userMessages.tooManyFailedLogins, { minutes }), { status: 429, code: 'rate_limited' });
    }
  }

  async recordFailure(address: string, account: string): Promise<void> {
    const keys = this.keysOf(address, account);
    await Promise.all([keys.pair, keys.account, keys.address].map((key) => this.counter.add(key, 1, this.windowSeconds)));
  }

  private keysOf(address: string, accountName: string): { pair: string; account: string; address: string } {
    const account = createHash('sha256').update(accountName).digest('base64url').slice(0, 22);
    return {
      pair: `login-failures:pair:${address}:${account}`,
      account: `login-failures:account:${account}`,
      address: `login-failures:address:${address}`,
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
