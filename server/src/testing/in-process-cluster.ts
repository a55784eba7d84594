import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';

/**
 * The two ends of a cluster worker's IPC channel in one process: `workerPort` stands for the worker's
 * `process` (what PrimaryLink takes), `primaryEnd` for the primary's `Worker` (what ClusterAuthority
 * attaches). A message crosses as Node's IPC carries it (JSON), in a later turn of the event loop.
 */
export function inProcessChannel(workerId: number): { workerPort: NodeJS.Process; primaryEnd: Worker } {
  const workerSide = new EventEmitter();
  const primarySide = new EventEmitter();
  const carry = (to: EventEmitter, message: unknown, done?: (error: Error | null) => void) => {
    const copy: unknown = JSON.parse(JSON.stringify(message));
    setImmediate(() => {
      to.emit('message', copy);
      done?.(null);
    });
    return true;
  };
  const workerPort = Object.assign(workerSide, {
    send: (message: unknown, _handle: unknown, _options: unknown, done?: (error: Error | null) => void) =>
      carry(primarySide, message, done),
  });
  const primaryEnd = Object.assign(primarySide, {
    id: workerId,
    process: { pid: 0, kill: () => true },
    isConnected: () => true,
    send: (message: unknown, _handle: unknown, done?: (error: Error | null) => void) =>
      carry(workerSide, message, done),
  });
  // The worker listens at once: the primary may push to it from the start.
  setImmediate(() => primarySide.emit('listening'));
  return { workerPort: workerPort as unknown as NodeJS.Process, primaryEnd: primaryEnd as unknown as Worker };
}
