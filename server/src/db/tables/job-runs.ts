import type { Generated } from 'kysely';

/** `job_runs`: a background job's lease and last outcome (see jobs/job-runner.ts). */
export interface JobRunsTable {
  name: string;
  holder: Generated<string>;
  /** unix ms; the lease is free once this has passed */
  lease_until: Generated<number>;
  last_started: Generated<number>;
  last_finished: Generated<number>;
  last_duration_ms: Generated<number>;
  /** '' (never ran), 'ok' or 'error' */
  last_outcome: Generated<string>;
  last_error: string | null;
  run_count: Generated<number>;
  failure_count: Generated<number>;
}
