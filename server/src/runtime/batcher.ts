/**
 * Collects items and hands them over together once per turn of the event loop; an item added with
 * `addLater` may wait up to that many milliseconds instead, and leaves with anything added meanwhile.
 */
export class Batcher<T> {
  private items: T[] = [];
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deliver: (items: T[]) => void) {}

  add(item: T): void {
    this.items.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  addLater(item: T, waitMs: number): void {
    this.items.push(item);
    if (this.scheduled || this.timer) return;
    this.timer = setTimeout(() => this.flush(), waitMs);
    this.timer.unref();
  }

  /** Hands over what is collected now (at shutdown, before the channel closes). */
  flush(): void {
    this.scheduled = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.deliver(items);
  }
}
