/**
 * Entries by key, read once from their source and then kept in memory: callers that ask while an entry
 * loads share its one read, a read that finds nothing keeps nothing, and the whole map is dropped when
 * it reaches `maxEntries`.
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

  delete(key: K): void {
    this.entries.delete(key);
  }

  private load(key: K): Promise<V | null> {
    const promise = this.source(key)
      .then((value) => {
        if (value !== null) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, value);
        }
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }
}
