import type { AppContext } from '../app-context';
import { nowSeconds } from '../db/dialect';
import type { CachedChannel } from './caches/channel-index';
import { UpstreamError, type RelayError } from './relay-error';

/** Whether a failure should disable the channel: 401 from the upstream, or a configured keyword. */
export function shouldDisable(context: AppContext, channel: CachedChannel, error: RelayError): boolean {
  if (!context.options.boolean('AutomaticDisableChannelEnabled') || !channel.autoBan) return false;
  if (!(error instanceof UpstreamError)) return false;
  if (error.upstreamStatus === 401) return true;
  const message = error.text.en.toLowerCase();
  return context.options
    .string('AutomaticDisableKeywords')
    .split('\n')
    .map((keyword) => keyword.trim().toLowerCase())
    .some((keyword) => keyword !== '' && message.includes(keyword));
}

/**
 * Disables a channel automatically (status 3) with the reason and time in other_info, in the same
 * transaction as its abilities, then tells every instance's channel index.
 */
export async function disableChannel(context: AppContext, channelId: number, reason: string): Promise<void> {
  const otherInfo = JSON.stringify({ status_reason: reason.slice(0, 500), status_time: nowSeconds() });
  const changed = await context.database.db.transaction().execute(async (transaction) => {
    const result = await transaction
      .updateTable('channels')
      .set({ status: 3, other_info: otherInfo })
      .where('id', '=', channelId)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await transaction.updateTable('abilities').set({ enabled: 0 }).where('channel_id', '=', channelId).execute();
    return true;
  });
  if (changed) await context.bus.notify('channels');
}
