/** One background job as root sees it on the monitoring settings (`GET /api/job/`). */
export interface JobStatusView {
  name: string;
  /** pause between runs; 0 or less: off */
  intervalMs: number;
  running: boolean;
  /** milliseconds since the epoch; 0: never */
  lastStarted: number;
  lastFinished: number;
  lastDurationMs: number;
  /** '' (never ran), 'ok' or 'error' */
  lastOutcome: string;
  lastError: string | null;
  runCount: number;
  failureCount: number;
}

/** What `POST /api/job/:name/run` answers: the run finished ('ran' or 'failed') or another run holds the job. */
export type JobRunOutcome = 'ran' | 'failed' | 'busy';
