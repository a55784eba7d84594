import { randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from './test-server';

/**
 * Two instances sharing one PostgreSQL database and one Redis (under a fresh key prefix): `first` the
 * master, `second` a slave. The caller stops them (second first).
 */
export async function startTwoInstances(): Promise<{ first: TestServer; second: TestServer }> {
  const environment = {
    REDIS_CONN_STRING: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `switchboard-test-${randomBytes(4).toString('hex')}:`,
  };
  const first = await startTestServer({ databaseKind: 'postgres', environment });
  const second = await startTestServer({
    sharedDatabase: first.database,
    environment: { ...environment, NODE_TYPE: 'slave' },
  });
  return { first, second };
}
