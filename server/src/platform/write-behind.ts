/** What the write-behind writers report: when the oldest thing they hold was queued. */
export interface WriteBehindSource {
  /** Date.now() of the oldest queued item not yet written (in flight included); undefined when none. */
  oldestQueuedAt(): number | undefined;
}

/**
 * The write-behind queue's lag (how long the oldest unwritten delta or log row has waited) and the
 * admission gate it drives: while the lag exceeds `maxLagMs` (the database cannot keep up), new
 * calls wait before they start instead of queueing more rows.
 */
export class WriteBehind {
  /** The largest lag seen at any flush since start, in milliseconds. */
  worstLagMs = 0;
  private readonly sources: WriteBehindSource[] = [];

  constructor(private readonly maxLagMs: number) {}

  watch(source: WriteBehindSource): void {
    this.sources.push(source);
  }

  /** The current lag in milliseconds (0 when nothing waits). */
  lagMs(now = Date.now()): number {
    let oldest = now;
    for (const source of this.sources) oldest = Math.min(oldest, source.oldestQueuedAt() ?? now);
    return now - oldest;
  }

  /** Samples the lag (each flush tick does, before and after writing). */
  sample(): void {
    this.worstLagMs = Math.max(this.worstLagMs, this.lagMs());
  }

  /** Undefined while the queue keeps up (the hot path pays one clock read); else resolves once it does. */
  admission(): Promise<void> | undefined {
    if (this.lagMs() <= this.maxLagMs) return undefined;
    return new Promise((resolve) => {
      const poll = setInterval(() => {
        if (this.lagMs() > this.maxLagMs) return;
        clearInterval(poll);
        resolve();
      }, 50);
    });
  }
}
