import type { AppContext } from '../../app-context';
import type { GatewayMetrics } from '../../platform/metrics';
import { fill, type Text } from '../../platform/text';
import type { WindowCounter } from '../../platform/window-counter';
import type { Caller } from '../authenticate';
import type { CachedChannel } from '../caches/channel-index';
import { RelayError } from '../relay-error';
import { messages } from '../../platform/i18n/catalogue';

const MINUTE = 60;
const DAY = 86_400;
/** A concurrency slot whose call never released it (its instance died) is freed after this long. */
const MAX_SLOT_HOLD_SECONDS = 3600;

const limited = (text: Text, limit: string, metrics: GatewayMetrics | null) => {
  metrics?.limitHit(limit);
  return new RelayError(text, 429, 'rate_limit_exceeded', 'rate_limit_error');
};

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** [total, success] per window for the caller's group: the group's override, else the options. */
function requestLimitsOf(context: AppContext, group: string): [number, number] {
  const overrides = context.options.json<Record<string, [number, number]>>('ModelRequestRateLimitGroup');
  const override = overrides?.[group];
  if (override) return override;
  return [
    context.options.number('ModelRequestRateLimitCount'),
    context.options.number('ModelRequestRateLimitSuccessCount'),
  ];
}

/**
 * The limits of a relay call (issue 22), counted in the window counter (Redis with several instances):
 * the reference's model request rate limit per user (all requests, successful requests), a token's
 * requests and tokens per minute, a group's tokens per minute, and a channel's concurrent calls and
 * tokens per day. Token counts are the tokens actually billed; a call holds its prompt estimate in the
 * token and group windows from admission until it settles, and is refused before its upstream call when
 * the tokens billed and held in the window plus its estimate pass the limit.
 */
export class RelayLimits {
  constructor(
    private readonly context: AppContext,
    private readonly counter: WindowCounter,
    private readonly metrics: GatewayMetrics | null,
  ) {}

  /** Whether any per-user, per-token or per-group limit applies to this caller (a cheap check before the counters). */
  applies(caller: Caller): boolean {
    const token = caller.token;
    return (
      this.context.options.boolean('ModelRequestRateLimitEnabled') ||
      (token !== null && (token.rpmLimit > 0 || token.tpmLimit > 0)) ||
      this.groupTpmLimit(caller.group) > 0
    );
  }

  /**
   * Admits a call or throws 429; counts it against the request limits it passes, and holds its prompt
   * estimate in the token and group tokens-per-minute windows at once (so calls in flight see each
   * other's tokens). Answers the tokens held: `succeeded` settles the difference to what was billed,
   * `released` gives them back when the call fails.
   */
  async admit(caller: Caller, promptEstimate: number): Promise<number> {
    const options = this.context.options;
    const userId = caller.user.id;
    if (options.boolean('ModelRequestRateLimitEnabled')) {
      const minutes = Math.max(1, options.number('ModelRequestRateLimitDurationMinutes'));
      const [total, success] = requestLimitsOf(this.context, caller.group);
      if (success > 0 && (await this.counter.read(`limits:success:${userId}`)) >= success) {
        throw limited(
          fill(messages.relay.successRateLimited, { minutes, count: success }),
          'model_request_success',
          this.metrics,
        );
      }
      if (total > 0 && (await this.counter.add(`limits:requests:${userId}`, 1, minutes * MINUTE)) > total) {
        throw limited(
          fill(messages.relay.requestRateLimited, { minutes, count: total }),
          'model_request',
          this.metrics,
        );
      }
    }
    const token = caller.token;
    if (
      token &&
      token.rpmLimit > 0 &&
      (await this.counter.add(`limits:token-rpm:${token.id}`, 1, MINUTE)) > token.rpmLimit
    ) {
      throw limited(fill(messages.relay.tokenRpmLimited, { limit: token.rpmLimit }), 'token_rpm', this.metrics);
    }
    const windows = this.tpmWindows(caller);
    const held: string[] = [];
    for (const window of windows) {
      if (await this.holds(window.key, window.limit, promptEstimate)) {
        held.push(window.key);
        continue;
      }
      await Promise.all(held.map((key) => this.counter.add(key, -promptEstimate, MINUTE)));
      throw limited(window.refusal, window.name, this.metrics);
    }
    return held.length > 0 ? promptEstimate : 0;
  }

  /** Gives back the tokens a call held at admission (it failed, or billed nothing). */
  async released(caller: Caller, heldTokens: number): Promise<void> {
    if (heldTokens <= 0) return;
    await Promise.all(this.tpmWindows(caller).map((window) => this.counter.add(window.key, -heldTokens, MINUTE)));
  }

  /** The tokens-per-minute windows this caller counts against: the token's and the group's. */
  private tpmWindows(caller: Caller): Array<{ key: string; limit: number; name: string; refusal: Text }> {
    const windows: Array<{ key: string; limit: number; name: string; refusal: Text }> = [];
    const token = caller.token;
    if (token && token.tpmLimit > 0) {
      windows.push({
        key: `limits:token-tpm:${token.id}`,
        limit: token.tpmLimit,
        name: 'token_tpm',
        refusal: fill(messages.relay.tokenTpmLimited, { limit: token.tpmLimit }),
      });
    }
    const groupTpm = this.groupTpmLimit(caller.group);
    if (groupTpm > 0) {
      windows.push({
        key: `limits:group-tpm:${caller.group}`,
        limit: groupTpm,
        name: 'group_tpm',
        refusal: fill(messages.relay.groupTpmLimited, { group: caller.group, limit: groupTpm }),
      });
    }
    return windows;
  }

  /** Holds `tokens` in the window when they fit under `limit` (one atomic add; taken back when they do not). */
  private async holds(key: string, limit: number, tokens: number): Promise<boolean> {
    if (tokens <= 0) return (await this.counter.read(key)) <= limit;
    if ((await this.counter.add(key, tokens, MINUTE)) <= limit) return true;
    await this.counter.add(key, -tokens, MINUTE);
    return false;
  }

  /**
   * Takes a place on a capped channel for this call: false when the channel is at its concurrency cap
   * or has billed its tokens for the day (selection then passes it over). Release with `leaveChannel`.
   */
  async enterChannel(channel: CachedChannel, callId: string): Promise<boolean> {
    const caps = channel.caps;
    if (!caps) return true;
    if (
      caps.dailyTokenLimit > 0 &&
      (await this.counter.read(`limits:channel-day:${channel.id}:${utcDay(Date.now())}`)) >= caps.dailyTokenLimit
    ) {
      this.metrics?.limitHit('channel_daily_tokens');
      return false;
    }
    if (
      caps.maxConcurrency > 0 &&
      !(await this.counter.acquire(
        `limits:channel-busy:${channel.id}`,
        callId,
        caps.maxConcurrency,
        MAX_SLOT_HOLD_SECONDS,
      ))
    ) {
      this.metrics?.limitHit('channel_concurrency');
      return false;
    }
    return true;
  }

  async leaveChannel(channel: CachedChannel, callId: string): Promise<void> {
    if (channel.caps && channel.caps.maxConcurrency > 0)
      await this.counter.release(`limits:channel-busy:${channel.id}`, callId);
  }

  /** Counts a call that succeeded with `tokens` billed on `channel`; `heldTokens` were held at admission. */
  async succeeded(caller: Caller, channel: CachedChannel, tokens: number, heldTokens = 0): Promise<void> {
    const options = this.context.options;
    const counts: Array<Promise<number>> = [];
    if (options.boolean('ModelRequestRateLimitEnabled')) {
      const minutes = Math.max(1, options.number('ModelRequestRateLimitDurationMinutes'));
      counts.push(this.counter.add(`limits:success:${caller.user.id}`, 1, minutes * MINUTE));
    }
    for (const window of this.tpmWindows(caller)) {
      if (tokens !== heldTokens) counts.push(this.counter.add(window.key, tokens - heldTokens, MINUTE));
    }
    if (channel.caps && channel.caps.dailyTokenLimit > 0) {
      counts.push(this.counter.add(`limits:channel-day:${channel.id}:${utcDay(Date.now())}`, tokens, DAY + 3600));
    }
    if (counts.length > 0) await Promise.all(counts);
  }

  private groupTpmLimit(group: string): number {
    const limits = this.context.options.json<Record<string, number>>('GroupTpmLimit');
    return limits?.[group] ?? 0;
  }
}
