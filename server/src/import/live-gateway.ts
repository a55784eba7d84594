import type { Database } from '../db/database';
import { toNumber } from '../db/dialect';

/**
 * How recently a background job must have started for the database to count as in use. A running
 * gateway's master starts its task poller every TASK_POLL_INTERVAL_SECONDS (15 by default), so four
 * rounds fit in this window; a job still holding its lease counts whatever its age.
 */
export const LIVE_GATEWAY_WINDOW_MS = 60_000;

/** A gateway is using the target database: importing would leave its in-memory balances and the rows disagreeing. */
export class LiveGatewayError extends Error {}

/**
 * Refuses a target database a running Switchboard is using. The sign is `job_runs`: the master of a
 * running gateway takes a job's lease and stamps `last_started` on every run. A database never served
 * (no `job_runs` table yet, or no row) is free.
 */
export async function refuseLiveGateway(target: Database, nowMs = Date.now()): Promise<void> {
  let rows: Array<{ name: string; lease_until: unknown; last_started: unknown }>;
  try {
    rows = await target.db.selectFrom('job_runs').select(['name', 'lease_until', 'last_started']).execute();
  } catch {
    return;
  }
  for (const row of rows) {
    const leased = toNumber(row.lease_until) > nowMs;
    const startedAgo = nowMs - toNumber(row.last_started);
    if (leased || startedAgo < LIVE_GATEWAY_WINDOW_MS) {
      const seconds = Math.max(0, Math.round(startedAgo / 1000));
      throw new LiveGatewayError(
        `a gateway is using the target database (its background job "${row.name}" started ${seconds} s ago): ` +
          `stop every Switchboard instance on it and run the import again a minute later`,
      );
    }
  }
}
