import { ChannelStatus, type ChannelBalanceSummary, type FetchModelsRequest } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { queryBalance, supportsBalance } from './balance';
import { mayDisableAutomatically } from '../../domain/channel-health';
import { disableAutomatically, testedKey } from '../../domain/channel-status';
import type { ChannelRow } from './channel-view';
import { fetchUpstreamModels } from './fetch-models';
import { disableReasons } from './messages';
import { ChannelRepository } from './repository';
import type { ChannelService } from './channel-service';

/** Channels whose balances are queried at the same time by "update all". */
const BALANCE_CONCURRENCY = 4;

/** What reaching a channel's upstream needs of its row. */
export const accessOf = (channel: ChannelRow) => ({
  type: channel.type,
  baseUrl: channel.base_url,
  key: channel.key,
  other: channel.other,
});

/** Runs `work` over `items` with at most `limit` at a time. */
export async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

/** The calls that reach a channel's upstream: fetching its model list and its balance. */
export class ChannelUpstreamService {
  private readonly repository: ChannelRepository;

  constructor(
    private readonly context: AppContext,
    private readonly channels: ChannelService,
  ) {
    this.repository = new ChannelRepository(context.database);
  }

  async modelsOfChannel(id: number): Promise<string[]> {
    return fetchUpstreamModels(accessOf(await this.channels.find(id)));
  }

  async models(request: FetchModelsRequest): Promise<string[]> {
    return fetchUpstreamModels({ type: request.type, baseUrl: request.base_url ?? '', key: request.key ?? '' });
  }

  /** Queries and stores one channel's balance; answers it. */
  async updateBalance(id: number): Promise<number> {
    const channel = await this.channels.find(id);
    return this.refreshBalance(channel);
  }

  /**
   * Updates every enabled channel whose type has a balance endpoint. With the monitoring options on,
   * a channel whose balance is used up is disabled automatically.
   */
  async updateAllBalances(): Promise<ChannelBalanceSummary> {
    const channels = (await this.repository.rowsWithStatus(ChannelStatus.Enabled)).filter((channel) =>
      supportsBalance(channel.type),
    );
    const summary: ChannelBalanceSummary = { updated: 0, failed: 0 };
    await forEachLimited(channels, BALANCE_CONCURRENCY, async (channel) => {
      try {
        const balance = await this.refreshBalance(channel, false);
        summary.updated += 1;
        if (balance <= 0 && mayDisableAutomatically(this.context.options, channel.auto_ban === 1)) {
          await disableAutomatically(
            this.context,
            channel,
            testedKey(channel)?.index,
            disableReasons.insufficientBalance,
          );
        }
      } catch {
        summary.failed += 1;
      }
    });
    if (summary.updated > 0) await this.context.bus.channelsChanged();
    return summary;
  }

  /** Balances do not touch abilities, so they are written directly; `announce` tells the relay. */
  private async refreshBalance(channel: ChannelRow, announce = true): Promise<number> {
    const balance = await queryBalance(accessOf(channel));
    await this.context.database.db
      .updateTable('channels')
      .set({ balance, balance_updated_time: nowSeconds() })
      .where('id', '=', channel.id)
      .execute();
    if (announce) await this.context.bus.channelsChanged();
    return balance;
  }
}
