/**
 * Requests asked for within one pass of the event loop, sent together once the pass's I/O is handled
 * (or at once when `max` wait): one round trip for all of them instead of one each. `send` answers
 * one result per item, in order; if it fails, every item of the batch fails with its error.
 */
export class TurnBatch<Item, Result> {
  private items: Item[] = [];
  private waiting: Array<{ resolve: (result: Result) => void; reject: (error: unknown) => void }> = [];
  private scheduled = false;

  constructor(
    private readonly send: (items: Item[]) => Promise<Result[]>,
    private readonly max: number,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.items.push(item);
      this.waiting.push({ resolve, reject });
      if (this.items.length >= this.max) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const items = this.items;
    const waiting = this.waiting;
    if (items.length === 0) return;
    this.items = [];
    this.waiting = [];
    this.send(items).then(
      (results) => waiting.forEach((waiter, index) => waiter.resolve(results[index] as Result)),
      (error: unknown) => waiting.forEach((waiter) => waiter.reject(error)),
    );
  }
}
