import { ChannelStatus, channelTypeName } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { testChannel, type ChannelTestResult } from '../../relay/channel-test';
import { disableAutomatically, enableAfterRecovery, mayDisableAutomatically } from './channel-status';
import type { ChannelRow } from './channel-view';
import { CHANNELS_TOPIC } from './channel-writes';
import { channelMessages, disableReasons } from './messages';
import type { ChannelService } from './service';
import { forEachLimited } from './upstream-service';

/** Drawing, music and video types answer asynchronously and cannot be tested (reference notes §2.6). */
const UNTESTABLE_TYPES = new Set([2, 5, 36, 50, 51, 52, 54, 55]);
const TEST_ALL_CONCURRENCY = 4;

export const isTestable = (type: number): boolean => !UNTESTABLE_TYPES.has(type);

export interface ChannelTestOutcome extends ChannelTestResult {
  seconds: number;
}

/** Tests one channel or all of them through the relay's provider adapters, and records the outcome. */
export class ChannelTestService {
  private testingAll: Promise<void> | null = null;

  constructor(
    private readonly context: AppContext,
    private readonly channels: ChannelService,
  ) {}

  /** Tests one channel (optionally one chosen model) and stores its response and test time. */
  async testOne(id: number, model?: string): Promise<ChannelTestOutcome> {
    return this.run(await this.channels.find(id), model, false);
  }

  /**
   * Starts testing every channel that is not manually disabled, in the background. With the monitoring
   * options on, a failing or slow channel is disabled and a passing auto-disabled one enabled again.
   * Answers the promise of the run; a second call while one runs is refused.
   */
  startAll(): Promise<void> {
    if (this.testingAll) throw new AppError(channelMessages.testAllRunning);
    const run = this.testAll().finally(() => {
      this.testingAll = null;
    });
    this.testingAll = run;
    return run;
  }

  private async testAll(): Promise<void> {
    const candidates = [
      ...(await this.channels.repository.rowsWithStatus(ChannelStatus.Enabled)),
      ...(await this.channels.repository.rowsWithStatus(ChannelStatus.AutoDisabled)),
    ].filter((channel) => isTestable(channel.type));
    await forEachLimited(candidates, TEST_ALL_CONCURRENCY, async (channel) => {
      try {
        await this.run(channel, undefined, true);
      } catch {
        // one channel's trouble does not stop the others
      }
    });
  }

  private async run(channel: ChannelRow, model: string | undefined, monitor: boolean): Promise<ChannelTestOutcome> {
    if (!isTestable(channel.type)) throw new AppError(fill(channelMessages.testUnsupported, { type: channelTypeName(channel.type) }));
    const result = await testChannel(channel, model);
    const seconds = Number((result.timeMs / 1000).toFixed(2));
    await this.context.database.db
      .updateTable('channels')
      .set({ response_time: result.timeMs, test_time: nowSeconds() })
      .where('id', '=', channel.id)
      .execute();
    this.context.bus.notify(CHANNELS_TOPIC);
    if (monitor) await this.applyMonitoring(channel, result, seconds);
    return { ...result, seconds };
  }

  private async applyMonitoring(channel: ChannelRow, result: ChannelTestResult, seconds: number): Promise<void> {
    const threshold = this.context.options.number('ChannelDisableThreshold');
    const tooSlow = threshold > 0 && seconds > threshold;
    if (result.success && !tooSlow) {
      await enableAfterRecovery(this.context, channel);
      return;
    }
    if (channel.status !== ChannelStatus.Enabled || !mayDisableAutomatically(this.context, channel)) return;
    const reason = result.success ? disableReasons.slowTest(seconds, threshold) : result.message;
    await disableAutomatically(this.context, channel, reason);
  }
}
