import { afterAll, beforeAll, expect } from 'vitest';
import { connectionOnEachWorker, type PinnedConnection } from './pinned-connection';
import { startServerProcess, type ServerProcess } from './server-process';
import { temporaryFolders } from './temporary-folders';

export interface TwoWorkers {
  server: ServerProcess;
  /** a keep-alive connection served by the first worker */
  first: PinnedConnection;
  /** one served by the other worker */
  second: PinnedConnection;
}

/**
 * A WORKERS=2 server process (its own SQLite file and journal folder, plus `environment`) started
 * before the tests of the calling file or describe block, with a pinned connection on each worker;
 * stopped after them, which must end with exit code 0. Read the fields inside the tests.
 */
export function twoWorkerServer(name: string, environment: Record<string, string> = {}): TwoWorkers {
  const newFolder = temporaryFolders(name);
  const opened: PinnedConnection[] = [];
  const workers = {} as TwoWorkers;
  beforeAll(async () => {
    const folder = newFolder();
    workers.server = await startServerProcess({
      WORKERS: '2',
      SQLITE_PATH: `${folder}/switchboard.db`,
      JOURNAL_DIR: `${folder}/journal`,
      ...environment,
    });
    [workers.first, workers.second] = await connectionOnEachWorker(workers.server, opened);
  }, 60_000);
  afterAll(async () => {
    for (const connection of opened) connection.close();
    if (workers.server) expect(await workers.server.stop()).toBe(0);
  });
  return workers;
}
