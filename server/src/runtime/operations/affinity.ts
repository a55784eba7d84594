import type { AffinityStore } from '../../platform/affinity-store';
import type { AffinityOperations } from '../protocol';
import type { Handlers } from './handler';

/** The workers' channel-affinity entries live in the primary's memory, so every worker sees one cache. */
export const affinityOperations = (store: AffinityStore): Handlers<keyof AffinityOperations> => ({
  affinityGet: (_worker, space, key) => store.get(space, key),
  affinitySet: (_worker, space, key, value, ttlSeconds, capacity) => store.set(space, key, value, ttlSeconds, capacity),
  affinityDelete: (_worker, space, key) => store.delete(space, key),
  affinityCount: (_worker, space, prefix, prefixes) => store.count(space, prefix, prefixes),
  affinityClear: (_worker, space, prefix) => store.clear(space, prefix),
});
