import type { ChannelBalanceSummary } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import type { ChannelTester } from '../../domain/channel-health';
import { ChannelService } from './channel-service';
import { ChannelTestService, type ChannelTestMode } from './test-service';
import { ChannelUpstreamService } from './upstream-service';

export type { ChannelTestMode } from './test-service';

/** What the background jobs use of the channel area: scheduled tests and the balance refresh. */
export interface ChannelBackgroundWork {
  testChannels(mode: ChannelTestMode, signal: AbortSignal): Promise<void>;
  refreshBalances(): Promise<ChannelBalanceSummary>;
}

/** The channel services the jobs run, built over the same rules as the console's buttons. */
export function channelBackgroundWork(context: AppContext, testChannel: ChannelTester): ChannelBackgroundWork {
  const channels = new ChannelService(context);
  const tests = new ChannelTestService(context, channels, testChannel);
  const upstream = new ChannelUpstreamService(context, channels);
  return {
    testChannels: (mode, signal) => tests.runScheduled(mode, signal),
    refreshBalances: () => upstream.updateAllBalances(),
  };
}
