import type { AffinitySpace, AffinityStore } from '../platform/affinity-store';
import type { PrimaryLink } from './primary-link';

/** A worker's channel-affinity entries: the cluster primary's memory, so that every worker sees one cache. */
export class RemoteAffinityStore implements AffinityStore {
  readonly algorithm = 'memory-lru';

  constructor(private readonly link: PrimaryLink) {}

  get(space: AffinitySpace, key: string): Promise<string | null> {
    return this.link.request('affinityGet', space, key);
  }

  set(space: AffinitySpace, key: string, value: string, ttlSeconds: number, capacity: number): Promise<void> {
    this.link.send('affinitySet', space, key, value, ttlSeconds, capacity);
    return Promise.resolve();
  }

  delete(space: AffinitySpace, key: string): Promise<void> {
    this.link.send('affinityDelete', space, key);
    return Promise.resolve();
  }

  count(space: AffinitySpace, prefix: string, prefixes: string[]): Promise<{ total: number; counts: number[] }> {
    return this.link.request('affinityCount', space, prefix, prefixes);
  }

  clear(space: AffinitySpace, prefix: string): Promise<number> {
    return this.link.request('affinityClear', space, prefix);
  }
}
