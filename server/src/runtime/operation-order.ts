/**
 * The asynchronous operations of one worker that the primary has started and not finished, in
 * arrival order, so that a barrier (the wait for durability) resolves once every operation that
 * arrived before it is applied. Costs O(1) per operation: a Set keeps insertion order, so its first
 * element is always the oldest operation still running.
 */
export class OperationOrder {
  private nextSeq = 1;
  private readonly running = new Set<number>();
  private barriers: Array<{ seq: number; resolve: () => void }> = [];

  track(work: Promise<unknown>): void {
    const seq = this.nextSeq;
    this.nextSeq += 1;
    this.running.add(seq);
    const done = () => {
      this.running.delete(seq);
      this.release();
    };
    work.then(done, done);
  }

  /** Resolves once every operation tracked so far has finished (succeeded or failed). */
  settled(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    const seq = this.nextSeq;
    return new Promise((resolve) => this.barriers.push({ seq, resolve }));
  }

  private release(): void {
    if (this.barriers.length === 0) return;
    const oldestRunning = this.running.values().next().value ?? Number.POSITIVE_INFINITY;
    let passed = 0;
    while (passed < this.barriers.length && (this.barriers[passed]?.seq ?? 0) <= oldestRunning) {
      this.barriers[passed]?.resolve();
      passed += 1;
    }
    if (passed > 0) this.barriers = this.barriers.slice(passed);
  }
}
