import type { AppContext } from '../app-context';
import { MODEL_UPDATE_JOB, runModelUpdateSweep } from '../console/channel/model-update-task';
import { minutesInterval } from './intervals';

const LEASE_MS = 30 * 60_000;

/**
 * Checks the upstream model lists of enabled channels that have checking on, every
 * ChannelModelUpdateFrequency minutes (0: off); channels with auto sync on get the new models added.
 */
export function registerModelUpdateJob(context: AppContext): void {
  context.jobs.register({
    name: MODEL_UPDATE_JOB,
    intervalMs: minutesInterval(context, undefined, 'ChannelModelUpdateFrequency'),
    leaseMs: LEASE_MS,
    async run(signal) {
      const summary = await runModelUpdateSweep(context, signal);
      if (summary.failed > 0 && summary.checked === 0)
        throw new Error(`no channel's upstream model list could be read (${summary.failed} failed)`);
    },
  });
}
