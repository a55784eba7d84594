/** Failures in a row within the window that open the circuit. */
const FAILURE_THRESHOLD = 5;
const WINDOW_MS = 60_000;
const COOLDOWN_MS = 30_000;

interface ChannelHealth {
  failures: number;
  firstFailureAt: number;
  openUntil: number;
}

/**
 * Holds back a channel that keeps failing: after FAILURE_THRESHOLD failures within WINDOW_MS it is
 * skipped for COOLDOWN_MS, then allowed again (half-open); one success closes it, one more failure
 * re-opens it. Per instance, in memory: it only steers traffic, it never changes stored status.
 */
export class CircuitBreaker {
  private readonly health = new Map<number, ChannelHealth>();

  constructor(private readonly now: () => number = Date.now) {}

  allows(channelId: number): boolean {
    const state = this.health.get(channelId);
    return !state || state.openUntil <= this.now();
  }

  /** Channels held back now. */
  openChannels(): number[] {
    const now = this.now();
    const open: number[] = [];
    for (const [channelId, state] of this.health) if (state.openUntil > now) open.push(channelId);
    return open;
  }

  succeeded(channelId: number): void {
    if (this.health.size > 0) this.health.delete(channelId);
  }

  failed(channelId: number): void {
    const now = this.now();
    const state = this.health.get(channelId);
    if (!state || now - state.firstFailureAt > WINDOW_MS) {
      this.health.set(channelId, { failures: 1, firstFailureAt: now, openUntil: 0 });
      return;
    }
    state.failures += 1;
    const halfOpenProbeFailed = state.openUntil !== 0 && state.openUntil <= now;
    if (state.failures >= FAILURE_THRESHOLD || halfOpenProbeFailed) {
      state.openUntil = now + COOLDOWN_MS;
      state.firstFailureAt = now;
    }
  }
}
