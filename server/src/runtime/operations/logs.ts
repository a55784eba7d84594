import type { Durability } from '../../ledger/durable-journal';
import { logRowOf } from '../../ledger/log-insert';
import type { LogWriter } from '../../ledger/log-writer';
import type { LogOperations } from '../protocol';
import type { Handlers } from './handler';

/**
 * Log rows go to the primary's writer; the barriers (`durable`, `settled`, `flushLogs`) answer once
 * every operation the worker sent before them is applied.
 */
export const logOperations = (logs: LogWriter, journal: Durability | null): Handlers<keyof LogOperations> => ({
  log: (_worker, values) => logs.write(logRowOf(values)),
  roll: (_worker, entry) => logs.roll(entry),
  durable: (worker) => worker.order.settled().then(() => journal?.durable()),
  settled: (worker) => worker.order.settled(),
  flushLogs: (worker) => worker.order.settled().then(() => logs.flush()),
});
