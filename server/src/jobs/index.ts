import type { AppContext } from '../app-context';
import { createUpstreamAgent } from '../platform/http-agent';
import { taskPlatformsOf } from '../relay/tasks/task-platforms';
import { registerChannelJobs } from './channel-jobs';
import { registerLogRetentionJob } from './log-retention';
import { taskPollingJob } from './task-polling';
import { registerModelUpdateJob } from './model-update-sync';
import { registerSubscriptionExpiryJob } from './subscription-expiry';

interface JobsLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Registers every background job on the runner, in every process (the console lists them and runs
 * one on demand); they run by themselves on the master's ledger owner only (runtime/). The task
 * poller has an upstream agent of its own, closed after the jobs stopped.
 */
export function registerBackgroundJobs(context: AppContext, log: JobsLog): void {
  context.jobs.reportTo(log);
  registerChannelJobs(context);
  registerLogRetentionJob(context);
  const agent = createUpstreamAgent({
    headersTimeoutMs: context.config.RELAY_TIMEOUT * 1000,
    bodyTimeoutMs: context.config.STREAMING_TIMEOUT * 1000,
  });
  context.jobs.register(taskPollingJob(context, agent, taskPlatformsOf(context).all, log));
  context.shutdownTasks.push(() => agent.close());
  registerModelUpdateJob(context);
  registerSubscriptionExpiryJob(context);
}
