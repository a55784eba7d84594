import { afterAll, beforeAll } from 'vitest';

/**
 * What `start` answers, for the tests of the calling file or describe block: started before them and
 * ended with `end` after them (when it started). Its fields are there once the tests (or later hooks) run.
 */
export function startedForTests<T extends object>(start: () => Promise<T>, end: (started: T) => Promise<void>): T {
  const started = {} as T;
  let running = false;
  beforeAll(async () => {
    Object.assign(started, await start());
    running = true;
  });
  afterAll(async () => {
    if (running) await end(started);
  });
  return started;
}
