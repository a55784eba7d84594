import type { ClientAbort } from '../client-abort';

/**
 * The relay calls in flight, so that a shutdown can wait for them a bounded time and then cut the
 * rest. Cutting a call aborts its upstream exchange as a client leaving does: a stream ends with what
 * was delivered and is billed for it, a call without an answer yet is refunded. A call counts until
 * its bill is in the journal, so `settle` returns only once every cut call is billed.
 */
export class CallsInFlight {
  private readonly calls = new Set<ClientAbort>();
  private emptied: (() => void) | null = null;

  enter(call: ClientAbort): void {
    this.calls.add(call);
  }

  leave(call: ClientAbort): void {
    this.calls.delete(call);
    if (this.calls.size === 0) this.emptied?.();
  }

  /**
   * Waits up to `graceMs` for the calls to finish, cuts those still running, and resolves with how
   * many it cut once all of them are done.
   */
  async settle(graceMs: number): Promise<number> {
    if (this.calls.size === 0) return 0;
    const empty = new Promise<void>((resolve) => (this.emptied = resolve));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([empty, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    const cut = this.calls.size;
    if (cut === 0) return 0;
    for (const call of this.calls) call.abort('shutdown');
    await empty;
    return cut;
  }
}
