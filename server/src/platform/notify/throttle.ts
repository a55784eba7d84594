/**
 * At most `limit` events per key within `windowMs` (the reference: 2 per 10 minutes per channel), so
 * a flapping channel does not flood root's mailbox. Per instance: the channel jobs run on the master.
 */
export class NotifyThrottle {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Takes one slot for `key` if one is free; false means the notice is dropped. */
  take(key: string, now = Date.now()): boolean {
    const recent = (this.sent.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (recent.length >= this.limit) {
      this.sent.set(key, recent);
      return false;
    }
    recent.push(now);
    this.sent.set(key, recent);
    return true;
  }
}
