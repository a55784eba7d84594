import type { WindowCounter } from '../../platform/window-counter';
import type { CounterOperations } from '../protocol';
import type { Handlers } from './handler';

/** The workers' limit counters are the primary's, so that a limit holds across workers. */
export const counterOperations = (counters: WindowCounter): Handlers<keyof CounterOperations> => ({
  counterAdd: (_worker, key, amount, windowSeconds) => counters.add(key, amount, windowSeconds),
  counterRead: (_worker, key) => counters.read(key),
  counterAcquire: (_worker, key, holder, limit, maxHoldSeconds) => counters.acquire(key, holder, limit, maxHoldSeconds),
  counterRelease: (_worker, key, holder) => counters.release(key, holder),
});
