import type { AppContext } from '../app-context';
import { nowSeconds } from '../db/dialect';
import { noticeChannelDisabled } from '../platform/notify/notices';
import type { OptionStore } from '../platform/option-store';
import type { CachedChannel } from './caches/channel-index';
import { UpstreamError, type RelayError } from './relay-error';

let parsedCodes: { text: string; ranges: Array<[number, number]> } = { text: '', ranges: [] };

/** AutomaticDisableStatusCodes ("401", "401,403,500-599"), parsed again only when the option changes. */
function disablingStatusRanges(options: OptionStore): Array<[number, number]> {
  const text = options.string('AutomaticDisableStatusCodes');
  if (text !== parsedCodes.text) {
    const ranges = text.split(',').flatMap((part): Array<[number, number]> => {
      const [low, high = low] = part.split('-').map((value) => Number(value.trim()));
      return Number.isInteger(low) && Number.isInteger(high) ? [[low!, high!]] : [];
    });
    parsedCodes = { text, ranges };
  }
  return parsedCodes.ranges;
}

/**
 * Whether an upstream failure is one that takes a channel out (reference notes §2.4): its status is one
 * of AutomaticDisableStatusCodes (default 401), or its message holds one of AutomaticDisableKeywords.
 */
export function isDisablingFailure(options: OptionStore, upstreamStatus: number, message: string): boolean {
  if (upstreamStatus > 0 && disablingStatusRanges(options).some(([low, high]) => upstreamStatus >= low && upstreamStatus <= high)) return true;
  const lowered = message.toLowerCase();
  return options
    .string('AutomaticDisableKeywords')
    .split('\n')
    .map((keyword) => keyword.trim().toLowerCase())
    .some((keyword) => keyword !== '' && lowered.includes(keyword));
}

/** Whether a relay failure should disable the channel (monitoring options and the channel's auto-ban). */
export function shouldDisable(context: AppContext, channel: CachedChannel, error: RelayError): boolean {
  if (!context.options.boolean('AutomaticDisableChannelEnabled') || !channel.autoBan) return false;
  if (!(error instanceof UpstreamError)) return false;
  return isDisablingFailure(context.options, error.upstreamStatus, error.text.en);
}

/**
 * Disables a channel automatically (status 3) with the reason and time in other_info, in the same
 * transaction as its abilities, then tells every instance's channel index and root.
 */
export async function disableChannel(context: AppContext, channel: { id: number; name: string }, reason: string): Promise<void> {
  const channelId = channel.id;
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
  if (!changed) return;
  await context.bus.notify('channels');
  // The notice may take seconds (SMTP, webhook retries); the failing request does not wait for it.
  void context.background.track(noticeChannelDisabled(context, channel, reason));
}
