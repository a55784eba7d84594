import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { crashSandbox, setUpBilling } from './crash-load';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * For the enclosing describe: a built server on a fresh SQLite folder (with `environment` added), a fake
 * OpenAI upstream as its channel and a token, set up through the console; all stopped and removed after.
 * `server` and `apiKey` are there once the tests run.
 */
export function billedServerProcess(name: string, environment: Record<string, string> = {}) {
  const sandbox = crashSandbox(name);
  const billed = {
    upstream: sandbox.upstream,
    apiKey: '',
    get server(): ServerProcess {
      if (!sandbox.running) throw new Error('the server is started before the tests');
      return sandbox.running;
    },
  };
  beforeAll(async () => {
    sandbox.running = await startServerProcess({ SQLITE_PATH: join(sandbox.folder, 'switchboard.db'), ...environment });
    billed.apiKey = (await setUpBilling(sandbox.running, sandbox.upstream.url)).apiKey;
  });
  return billed;
}
