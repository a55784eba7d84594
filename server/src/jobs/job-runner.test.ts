import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';
import { availableDatabaseKinds, migratedDatabaseForTests } from '../testing/test-databases';
import { JobRunner } from './job-runner';

const kinds = await availableDatabaseKinds();
const quiet = { error: () => undefined };

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe.each(kinds)('job runner on %s', (kind: DatabaseKind) => {
  const migrated = migratedDatabaseForTests(kind);
  /** A second connection to the same database: another instance. */
  let second: Database;

  beforeAll(() => {
    second = openDatabase(migrated.testDatabase.settings);
  });

  afterAll(() => second.close());

  it('never runs one job twice at once, also from two instances sharing the database', async () => {
    const gate = deferred();
    let runs = 0;
    const job = (runner: JobRunner) =>
      runner.register({
        name: 'exclusive',
        intervalMs: () => 60_000,
        run: async () => {
          runs += 1;
          await gate.promise;
        },
      });
    const instanceA = new JobRunner(migrated.database);
    const instanceB = new JobRunner(second);
    instanceA.reportTo(quiet);
    instanceB.reportTo(quiet);
    job(instanceA);
    job(instanceB);

    const running = instanceA.runNow('exclusive');
    await expect.poll(() => runs).toBe(1);
    expect(await instanceB.runNow('exclusive')).toBe('busy');
    expect(
      await Promise.race([
        instanceA.runNow('exclusive'),
        new Promise((resolve) => setTimeout(() => resolve('still running'), 50)),
      ]),
    ).toBe('still running');
    gate.release();
    expect(await running).toBe('ran');
    expect(runs).toBe(1);

    expect(await instanceB.runNow('exclusive')).toBe('ran');
    expect(runs).toBe(2);
    const [status] = await instanceA.status();
    expect(status).toMatchObject({
      name: 'exclusive',
      lastOutcome: 'ok',
      runCount: 2,
      failureCount: 0,
      running: false,
    });
  });

  it('records a failure with its message and runs the job again on its next turn', async () => {
    const runner = new JobRunner(migrated.database);
    runner.reportTo(quiet);
    let attempts = 0;
    runner.register({
      name: 'flaky',
      intervalMs: () => 20,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('upstream refused');
      },
    });
    runner.start();
    await expect.poll(() => attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await runner.stop();
    const [status] = await runner.status();
    expect(status?.failureCount).toBe(1);
    expect(status?.runCount).toBeGreaterThanOrEqual(2);
  });

  it('takes over a lease whose holder died mid-run once the lease expires', async () => {
    const dead = new JobRunner(migrated.database);
    dead.reportTo(quiet);
    dead.register({ name: 'orphan', intervalMs: () => 60_000, leaseMs: 200, run: () => new Promise(() => undefined) });
    void dead.runNow('orphan');
    const survivor = new JobRunner(second);
    survivor.reportTo(quiet);
    let ran = false;
    survivor.register({ name: 'orphan', intervalMs: () => 60_000, leaseMs: 200, run: async () => void (ran = true) });
    await expect.poll(async () => (await survivor.status())[0]?.running, { timeout: 2000 }).toBe(true);
    expect(await survivor.runNow('orphan')).toBe('busy');
    await expect.poll(() => survivor.runNow('orphan'), { timeout: 5000, interval: 100 }).toBe('ran');
    expect(ran).toBe(true);
  });

  it('a restarted instance takes over the lease its killed run held at once; another instance still waits', async () => {
    const killed = new JobRunner(migrated.database, 'a1b2c3d4');
    killed.reportTo(quiet);
    killed.register({ name: 'restarted', intervalMs: () => 60_000, run: () => new Promise(() => undefined) });
    void killed.runNow('restarted');
    const other = new JobRunner(second, 'e5f6a7b8');
    other.reportTo(quiet);
    other.register({ name: 'restarted', intervalMs: () => 60_000, run: async () => undefined });
    await expect.poll(async () => (await other.status())[0]?.running, { timeout: 2000 }).toBe(true);
    expect(await other.runNow('restarted')).toBe('busy');

    const restart = new JobRunner(second, 'a1b2c3d4');
    restart.reportTo(quiet);
    let ran = false;
    restart.register({ name: 'restarted', intervalMs: () => 60_000, run: async () => void (ran = true) });
    expect(await restart.runNow('restarted')).toBe('ran');
    expect(ran).toBe(true);
  });
});
