import type { ConnectedWorker } from '../connected-worker';
import type { ArgumentsOf, OperationName, ResultOf } from '../protocol';

/** The primary's handling of operation `N` for the worker that sent it: a value at once, or a promise of it. */
export type Handler<N extends OperationName> = (
  worker: ConnectedWorker,
  ...args: ArgumentsOf<N>
) => ResultOf<N> | Promise<ResultOf<N>>;

/** A handler for each of the operations `N`. */
export type Handlers<N extends OperationName = OperationName> = { [K in N]: Handler<K> };
