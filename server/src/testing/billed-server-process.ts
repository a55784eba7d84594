import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { crashSandbox, setUpBilling } from './crash-load';
import type { FakeOpenAIUpstream } from './fake-openai-upstream';
import { startServerProcess, type ServerProcess } from './server-process';

/** The handles of a built server that a caller can bill against; `server` and `apiKey` are set before the tests run. */
export interface BilledServerProcess {
  upstream: FakeOpenAIUpstream;
  server: ServerProcess;
  apiKey: string;
}

/**
 * For the enclosing describe: a built server on a fresh SQLite folder (with `environment` added), a fake
 * OpenAI upstream as its channel and a token, set up through the console; all stopped and removed after.
 */
export function billedServerProcess(name: string, environment: Record<string, string> = {}): BilledServerProcess {
  const sandbox = crashSandbox(name);
  const handles = { upstream: sandbox.upstream, apiKey: '' } as BilledServerProcess;
  beforeAll(async () => {
    handles.server = sandbox.running = await startServerProcess({
      SQLITE_PATH: join(sandbox.folder, 'switchboard.db'),
      ...environment,
    });
    handles.apiKey = (await setUpBilling(handles.server, sandbox.upstream.url)).apiKey;
  });
  return handles;
}
