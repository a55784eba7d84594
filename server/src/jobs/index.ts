import type { AppContext } from '../app-context';
import { registerChannelJobs } from './channel-jobs';
import { registerLogRetentionJob } from './log-retention';
import { registerModelUpdateJob } from './model-update-sync';

/** Registers every background job of this area on the runner (they run on the master only). */
export function registerBackgroundJobs(context: AppContext): void {
  registerChannelJobs(context);
  registerLogRetentionJob(context);
  registerModelUpdateJob(context);
}
