import { randomBytes } from 'node:crypto';
import type { JobStatusView } from '@switchboard/contract';
import { hostname } from 'node:os';
import type { Database } from '../db/database';
import { toNumber, upsert } from '../db/dialect';

/** A background job: `run` is called every `intervalMs()` on the master, never twice at once. */
export interface JobDefinition {
  /** Stable name, at most 64 characters: the key of its lease and status row. */
  name: string;
  /**
   * Pause between the end of one run and the start of the next, read again before every pause so a
   * changed option applies at once. Zero or less: the job is off until the value changes.
   */
  intervalMs: () => number;
  /** How long a run may hold the lease before another instance may take the job over (default 10 min). */
  leaseMs?: number;
  run: (signal: AbortSignal) => Promise<void>;
}

/** What root sees of a job (the console's JobStatusView). */
export type JobStatus = JobStatusView;

export type JobRunResult = 'ran' | 'failed' | 'busy' | 'unknown';

interface JobReporter {
  error(details: object, message: string): void;
}

/** How often an off job looks at its interval again. */
const OFF_RECHECK_MS = 5000;
const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/**
 * Runs named background jobs on the master instance (NODE_TYPE=master). One run of a job at a time,
 * also across instances: a run first takes the job's lease in `job_runs` with a conditional UPDATE,
 * and records its outcome there (what root sees on the monitoring settings). A failed run is logged
 * and retried after the next interval.
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<JobRunResult>>();
  private readonly abort = new AbortController();
  private readonly holder: string;
  /** `<instance>:` when this instance's earlier runs can be recognised by their holder (see the constructor) */
  private readonly instancePrefix: string | null;
  private reporter: JobReporter = { error: (details, message) => console.error(message, details) };
  private started = false;

  /**
   * `instance` is an identity only one running process can have at a time and that survives its
   * restarts (the settlement journal's instance id: a start refuses a JOURNAL_DIR another process
   * owns). A lease held under it by another run is a killed run's, and is taken over at once instead of
   * blocking the job until the lease expires.
   */
  constructor(
    private readonly database: Database,
    instance: string | null = null,
  ) {
    this.instancePrefix = instance !== null && /^[0-9a-z-]+$/i.test(instance) ? `${instance}:` : null;
    this.holder = `${this.instancePrefix ?? ''}${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  reportTo(reporter: JobReporter): void {
    this.reporter = reporter;
  }

  register(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
    if (this.started) this.schedule(job);
  }

  /** Starts every registered job's loop; call on the master only. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /**
   * Runs the job now unless a run holds its lease here or on another instance ('busy').
   * The loops use it; so can an administrator's "run now" and tests.
   */
  runNow(name: string): Promise<JobRunResult> {
    const job = this.jobs.get(name);
    if (!job) return Promise.resolve('unknown');
    const current = this.running.get(name);
    if (current) return current.then(() => 'busy' as const);
    const run = this.runLeased(job).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  /** Stops the loops, aborts running jobs and waits for them to end. */
  async stop(): Promise<void> {
    this.started = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.abort.abort();
    await Promise.allSettled(this.running.values());
  }

  async status(): Promise<JobStatus[]> {
    const rows = await this.database.db.selectFrom('job_runs').selectAll().execute();
    const byName = new Map(rows.map((row) => [row.name, row]));
    return [...this.jobs.values()].map((job) => {
      const row = byName.get(job.name);
      return {
        name: job.name,
        intervalMs: job.intervalMs(),
        running: this.running.has(job.name) || (row ? toNumber(row.lease_until) > Date.now() : false),
        lastStarted: row ? toNumber(row.last_started) : 0,
        lastFinished: row ? toNumber(row.last_finished) : 0,
        lastDurationMs: row ? toNumber(row.last_duration_ms) : 0,
        lastOutcome: row?.last_outcome ?? '',
        lastError: row?.last_error ?? null,
        runCount: row ? toNumber(row.run_count) : 0,
        failureCount: row ? toNumber(row.failure_count) : 0,
      };
    });
  }

  private schedule(job: JobDefinition): void {
    if (!this.started) return;
    const interval = job.intervalMs();
    const timer = setTimeout(
      () => {
        this.timers.delete(job.name);
        if (interval <= 0) return this.schedule(job);
        void this.runNow(job.name).finally(() => this.schedule(job));
      },
      interval > 0 ? interval : OFF_RECHECK_MS,
    );
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private async runLeased(job: JobDefinition): Promise<JobRunResult> {
    const db = this.database.db;
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    let started: number;
    try {
      await upsert(db, this.database.kind, 'job_runs', { name: job.name }, ['name'], { name: job.name });
      started = Date.now();
      const taken = await db
        .updateTable('job_runs')
        .set({ holder: this.holder, lease_until: started + leaseMs, last_started: started })
        .where('name', '=', job.name)
        .where((eb) => {
          const expired = eb('lease_until', '<', started);
          return this.instancePrefix === null
            ? expired
            : eb.or([expired, eb('holder', 'like', `${this.instancePrefix}%`)]);
        })
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return 'busy';
    } catch (error) {
      this.reporter.error({ err: error, job: job.name }, 'background job could not take its lease; will retry');
      return 'failed';
    }
    let failure: unknown = null;
    try {
      await job.run(this.abort.signal);
    } catch (error) {
      failure = error;
      this.reporter.error({ err: error, job: job.name }, 'background job failed; will retry');
    }
    const finished = Date.now();
    try {
      await db
        .updateTable('job_runs')
        .set((eb) => ({
          lease_until: 0,
          last_finished: finished,
          last_duration_ms: finished - started,
          last_outcome: failure ? 'error' : 'ok',
          last_error: failure ? String(failure instanceof Error ? failure.message : failure).slice(0, 2000) : null,
          run_count: eb('run_count', '+', 1),
          failure_count: eb('failure_count', '+', failure ? 1 : 0),
        }))
        .where('name', '=', job.name)
        .where('holder', '=', this.holder)
        .execute();
    } catch (error) {
      this.reporter.error({ err: error, job: job.name }, 'background job outcome was not recorded');
    }
    return failure ? 'failed' : 'ran';
  }
}
