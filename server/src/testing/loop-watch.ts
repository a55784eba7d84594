import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect } from 'vitest';

type Caller = { call(path: string, init?: RequestInit): Promise<Response> };

/**
 * Settles `work` while a bystander asks the server for /api/status over and over: the work's result, the
 * slowest status answer, how many were answered, and the longest stall of this process's own event loop.
 */
export async function whileServing<T>(
  server: Caller,
  work: Promise<T>,
): Promise<{ result: T; slowestStatusMs: number; statuses: number; loopStallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let finished = false;
  void work.then(
    () => (finished = true),
    () => (finished = true),
  );
  const times: number[] = [];
  while (!finished) {
    const asked = performance.now();
    expect((await server.call('/api/status')).status).toBe(200);
    times.push(performance.now() - asked);
  }
  const result = await work;
  delay.disable();
  return { result, slowestStatusMs: Math.max(0, ...times), statuses: times.length, loopStallMs: delay.max / 1e6 };
}
