/**
 * Entries by key, read once from their source and then kept in memory: callers that ask while an entry
 * loads share its one read, a read that finds nothing is remembered for `missFor` ms (0: not at all), a
 * read that a deletion overtook keeps nothing, and each map is dropped when it reaches `maxEntries`.
 */
export class LoadedEntries<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly misses = new Map<K, number>();
  private readonly loading = new Map<K, Promise<V | null>>();

  constructor(
    private readonly source: (key: K) => Promise<V | null>,
    private readonly maxEntries: number,
    private readonly missFor = 0,
  ) {}

  /** The entry in memory; null for a key a recent read found nothing for; undefined when a read must tell. */
  inMemory(key: K): V | null | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined || this.missFor === 0) return entry;
    const missedAt = this.misses.get(key);
    return missedAt !== undefined && Date.now() - missedAt < this.missFor ? null : undefined;
  }

  /** The read in flight for `key`, or a new one. */
  read(key: K): Promise<V | null> {
    return this.loading.get(key) ?? this.load(key);
  }

  /** Forgets the entry; a read in flight for it keeps nothing, as it may have read the row before the change. */
  delete(key: K): void {
    this.entries.delete(key);
    this.misses.delete(key);
    this.loading.delete(key);
  }

  private load(key: K): Promise<V | null> {
    const promise: Promise<V | null> = this.source(key)
      .then((value) => {
        if (this.loading.get(key) !== promise) return value;
        if (value !== null) keep(this.entries, key, value, this.maxEntries);
        else if (this.missFor > 0) keep(this.misses, key, Date.now(), this.maxEntries);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }
}

function keep<K, T>(map: Map<K, T>, key: K, value: T, maxEntries: number): void {
  if (map.size >= maxEntries) map.clear();
  map.set(key, value);
}
