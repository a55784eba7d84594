import { ChannelStatus, channelTypeName, Role } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { LogType } from '../../ledger/log-writer';
import { fill } from '../../platform/text';
import {
  disableReasonOf,
  isDisablingFailure,
  mayDisableAutomatically,
  type ChannelTester,
  type ChannelTestResult,
} from '../../domain/channel-health';
import { disableAutomatically, enableAfterRecovery, testedKey } from '../../domain/channel-status';
import type { ChannelRow } from './channel-view';
import { disableReasons } from './messages';
import type { ChannelService } from './channel-service';
import { forEachLimited } from './upstream-service';
import { messages } from '../../platform/i18n/catalogue';

/** Drawing, music and video types answer asynchronously and cannot be tested (reference notes §2.6). */
const UNTESTABLE_TYPES = new Set([2, 5, 36, 50, 51, 52, 54, 55]);
const TEST_ALL_CONCURRENCY = 4;

export const isTestable = (type: number): boolean => !UNTESTABLE_TYPES.has(type);

export interface ChannelTestOutcome extends ChannelTestResult {
  seconds: number;
}

/** Which channels a scheduled test covers: 'recovery' tests only auto-disabled ones and never disables. */
export type ChannelTestMode = 'all' | 'recovery';

/** The token name of the log entry every channel test writes (as the reference does). */
export const MODEL_TEST_TOKEN_NAME = '模型测试';

/** Tests one channel or all of them through the relay's provider adapters, and records the outcome. */
export class ChannelTestService {
  private testingAll: Promise<void> | null = null;
  private root: Promise<{ id: number; username: string }> | null = null;

  constructor(
    private readonly context: AppContext,
    private readonly channels: ChannelService,
    private readonly testChannel: ChannelTester,
  ) {}

  /** Tests one channel (optionally one chosen model) and stores its response and test time. */
  async testOne(id: number, model?: string): Promise<ChannelTestOutcome> {
    return this.run(await this.channels.find(id), model, 'none');
  }

  /**
   * Starts testing every channel that is not manually disabled, in the background. With the monitoring
   * options on, a failing or slow channel is disabled and a passing auto-disabled one enabled again.
   * Answers the promise of the run; a second call while one runs is refused.
   */
  startAll(): Promise<void> {
    if (this.testingAll) throw new AppError(messages.channel.testAllRunning);
    const run = this.testAll().finally(() => {
      this.testingAll = null;
    });
    this.testingAll = run;
    return run;
  }

  /** The scheduled test (a background job): waits for a manual "test all" that is running instead of starting another. */
  async runScheduled(mode: ChannelTestMode, signal: AbortSignal): Promise<void> {
    if (this.testingAll) return this.testingAll;
    const run = this.testAll(mode, signal).finally(() => {
      this.testingAll = null;
    });
    this.testingAll = run;
    return run;
  }

  private async testAll(mode: ChannelTestMode = 'all', signal?: AbortSignal): Promise<void> {
    const candidates = [
      ...(mode === 'all' ? await this.channels.repository.rowsWithStatus(ChannelStatus.Enabled) : []),
      ...(await this.channels.repository.rowsWithStatus(ChannelStatus.AutoDisabled)),
    ].filter((channel) => isTestable(channel.type));
    await forEachLimited(candidates, TEST_ALL_CONCURRENCY, async (channel) => {
      if (signal?.aborted) return;
      try {
        await this.run(channel, undefined, mode === 'all' ? 'disable-and-enable' : 'enable-only');
      } catch {
        // one channel's trouble does not stop the others
      }
    });
  }

  private async run(
    channel: ChannelRow,
    model: string | undefined,
    monitor: 'none' | 'disable-and-enable' | 'enable-only',
  ): Promise<ChannelTestOutcome> {
    if (!isTestable(channel.type))
      throw new AppError(fill(messages.channel.testUnsupported, { type: channelTypeName(channel.type) }));
    const result = await this.testChannel(channel, model);
    const seconds = Number((result.timeMs / 1000).toFixed(2));
    await this.context.database.db
      .updateTable('channels')
      .set({ response_time: result.timeMs, test_time: nowSeconds() })
      .where('id', '=', channel.id)
      .execute();
    this.context.bus.channelsChanged();
    await this.writeTestLog(channel, result);
    if (monitor !== 'none') await this.applyMonitoring(channel, result, seconds, monitor === 'disable-and-enable');
    return { ...result, seconds };
  }

  /** One "model test" log entry per test, on root's account (nothing is debited). */
  private async writeTestLog(channel: ChannelRow, result: ChannelTestResult): Promise<void> {
    this.root ??= this.context.database.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('role', '>=', Role.Root)
      .orderBy('id')
      .executeTakeFirst()
      .then((row) => ({ id: Number(row?.id ?? 1), username: row?.username ?? 'root' }));
    this.root.catch(() => (this.root = null));
    const root = await this.root;
    this.context.logs.write({
      user_id: root.id,
      username: root.username,
      created_at: nowSeconds(),
      type: LogType.Consumption,
      content: result.success ? '' : result.message.slice(0, 1000),
      token_name: MODEL_TEST_TOKEN_NAME,
      model_name: result.model,
      use_time: Math.round(result.timeMs / 1000),
      channel_id: channel.id,
      channel_name: channel.name,
      other: JSON.stringify({ test_success: result.success, response_time_ms: result.timeMs, status: result.status }),
    });
  }

  private async applyMonitoring(
    channel: ChannelRow,
    result: ChannelTestResult,
    seconds: number,
    mayDisable: boolean,
  ): Promise<void> {
    const threshold = this.context.options.number('ChannelDisableThreshold');
    const tooSlow = threshold > 0 && seconds > threshold;
    if (result.success && !tooSlow) {
      await enableAfterRecovery(this.context, channel);
      return;
    }
    if (
      !mayDisable ||
      channel.status !== ChannelStatus.Enabled ||
      !mayDisableAutomatically(this.context.options, channel.auto_ban === 1)
    )
      return;
    const refused = result.failure !== null && isDisablingFailure(this.context.options, result.failure);
    if (!tooSlow && !refused) return;
    const reason =
      refused && result.failure
        ? disableReasonOf(result.failure, result.message)
        : disableReasons.slowTest(seconds, threshold);
    await disableAutomatically(this.context, channel, testedKey(channel)?.index, reason);
  }
}
