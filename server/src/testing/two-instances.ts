import { randomBytes } from 'node:crypto';
import { startedForTests } from './started-for-tests';
import { startTestServer, type TestServer } from './test-server';

export interface TwoInstances {
  /** the master: it owns the database and runs the background jobs */
  first: TestServer;
  /** a slave instance (`NODE_TYPE=slave`) over the first one's database */
  second: TestServer;
  /** the Redis key prefix both share, fresh for this pair */
  redisPrefix: string;
  /** stops the second instance, then the first (which drops the database) */
  stop(): Promise<void>;
}

/** Two instances sharing one fresh PostgreSQL database and the local Redis under a prefix of their own. */
export async function startTwoInstances(): Promise<TwoInstances> {
  const redisPrefix = `switchboard-test-${randomBytes(4).toString('hex')}:`;
  const environment = { REDIS_CONN_STRING: 'redis://127.0.0.1:6379', REDIS_PREFIX: redisPrefix };
  const first = await startTestServer({ databaseKind: 'postgres', environment });
  const second = await startTestServer({
    sharedDatabase: first.database,
    environment: { ...environment, NODE_TYPE: 'slave' },
  });
  return {
    first,
    second,
    redisPrefix,
    async stop() {
      await second.stop();
      await first.stop();
    },
  };
}

/** Two instances for the tests of the calling describe block (see startedForTests). */
export function twoInstancesForTests(): TwoInstances {
  return startedForTests(startTwoInstances, (instances) => instances.stop());
}
