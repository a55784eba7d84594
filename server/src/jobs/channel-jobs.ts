import type { AppContext } from '../app-context';
import { channelBackgroundWork, type ChannelTestMode } from '../console/channel/background';
import { channelTesterOf } from '../relay/channel-test';
import { minutesInterval } from './intervals';

/** A run may test many slow channels; another instance takes over only after this long. */
const CHANNEL_LEASE_MS = 30 * 60_000;

/**
 * Scheduled channel tests (reference notes §2.4-§2.6): every CHANNEL_TEST_FREQUENCY / ChannelTestFrequency
 * minutes; with mode 'all' failing channels are disabled and passing auto-disabled ones enabled again
 * (by the monitoring options), with 'recovery' only auto-disabled channels are tried. And the balance
 * refresh of every enabled channel every CHANNEL_UPDATE_FREQUENCY / ChannelUpdateFrequency minutes.
 */
export function registerChannelJobs(context: AppContext): void {
  const work = channelBackgroundWork(context, channelTesterOf(context));
  context.jobs.register({
    name: 'channel-health',
    intervalMs: minutesInterval(context, context.config.CHANNEL_TEST_FREQUENCY, 'ChannelTestFrequency'),
    leaseMs: CHANNEL_LEASE_MS,
    run: (signal) => work.testChannels(context.options.string('ChannelTestMode') as ChannelTestMode, signal),
  });
  context.jobs.register({
    name: 'channel-balance',
    intervalMs: minutesInterval(context, context.config.CHANNEL_UPDATE_FREQUENCY, 'ChannelUpdateFrequency'),
    leaseMs: CHANNEL_LEASE_MS,
    async run() {
      const summary = await work.refreshBalances();
      if (summary.failed > 0 && summary.updated === 0)
        throw new Error(`no channel balance could be refreshed (${summary.failed} failed)`);
    },
  });
}
