/**
 * Entries by key, read once from their source and then kept in memory: callers that ask while an entry
 * loads share its one read, a read that finds nothing keeps nothing, a read that a deletion overtook keeps
 * nothing, and the whole map is dropped when it reaches `maxEntries`.
 */
export class LoadedEntries<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly loading = new Map<K, Promise<V | null>>();

  constructor(
    private readonly source: (key: K) => Promise<V | null>,
    private readonly maxEntries: number,
  ) {}

  /** The entry in memory, if any. */
  inMemory(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** The read in flight for `key`, or a new one. */
  read(key: K): Promise<V | null> {
    return this.loading.get(key) ?? this.load(key);
  }

  /** Forgets the entry; a read in flight for it keeps nothing, as it may have read the row before the change. */
  delete(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  private load(key: K): Promise<V | null> {
    const promise: Promise<V | null> = this.source(key)
      .then((value) => {
        if (value !== null && this.loading.get(key) === promise) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, value);
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }
}
