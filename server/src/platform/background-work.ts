/**
 * Work that outlives its request (settling a bill after the answer was sent): tracked so that a
 * flush or a shutdown can wait for it instead of losing it.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const settled = () => void this.pending.delete(work);
    void work.then(settled, settled);
    return work;
  }

  /** Resolves when everything tracked so far has settled. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled(this.pending);
  }
}
