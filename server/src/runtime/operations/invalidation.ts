import type { ConnectedWorker } from '../connected-worker';
import type { Acknowledgements } from '../acknowledgements';
import type { PrimaryBus } from '../primary-bus';
import type { InvalidationOperations } from '../protocol';
import type { Handlers } from './handler';

/** Passes a change to every worker but `except`; resolves once they applied it. */
export type Forward = (topic: string, message: string, except: number | null) => Promise<void>;

/**
 * A change a worker made reaches the primary's own subscribers and every other worker; the worker's
 * `notify` and `publish` resolve once all of them applied it.
 */
export function invalidationOperations(
  bus: PrimaryBus,
  forward: Forward,
  acks: Acknowledgements,
): Handlers<keyof InvalidationOperations> {
  const spread = async (worker: ConnectedWorker, topic: string, message: string) => {
    await Promise.all([bus.deliverHere(topic, message), forward(topic, message, worker.workerId)]);
  };
  return {
    notify: spread,
    publish: spread,
    busAck: (worker, ackId) => acks.acknowledge(ackId, worker.workerId),
  };
}
