import { ChannelStatus, parseChannelOtherInfo } from '@switchboard/contract';
import type { AppContext } from '../app-context';
import { nowSeconds } from '../db/dialect';
import { noticeChannelDisabled } from '../platform/notify/notices';
import { disableChannelAutomatically } from './channel-health';
import { enabledIndexes, KeyStatus, keyStatus, parseChannelInfo, storedKeys, withKeyStatus } from './multi-key';

/** other_info.status_reason of a multi-key channel whose last key went (the reference's words). */
export const ALL_KEYS_DISABLED = 'All keys are disabled';

/** Tries of the compare-and-set on channel_info before giving up (two keys failing at once). */
const TRIES = 3;

/**
 * Disables one key of a multi-key channel automatically (status 3, reason and time kept in
 * channel_info); when no key is left enabled, the channel itself is disabled automatically with
 * "All keys are disabled". A key that cannot be found (the keys were edited meanwhile, or the channel is
 * no longer multi-key) takes the whole channel out instead. Answers whether anything changed.
 * The write is a compare-and-set on channel_info, so two keys failing at once both end disabled.
 */
export async function disableKeyAutomatically(
  context: AppContext,
  channel: { id: number; name: string; type: number },
  index: number,
  reason: string,
): Promise<boolean> {
  const clipped = reason.slice(0, 500);
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const outcome = await context.database.db.transaction().execute(async (transaction) => {
      const row = await transaction
        .selectFrom('channels')
        .select(['key', 'channel_info', 'other_info', 'status'])
        .where('id', '=', channel.id)
        .executeTakeFirst();
      if (!row || Number(row.status) !== ChannelStatus.Enabled) return 'unchanged' as const;
      const info = parseChannelInfo(row.channel_info);
      const size = storedKeys(channel.type, row.key).length;
      if (!info.is_multi_key || index >= size) return 'whole channel' as const;
      if (keyStatus(info, index) !== KeyStatus.Enabled) return 'unchanged' as const;
      const now = nowSeconds();
      const next = withKeyStatus(info, index, KeyStatus.AutoDisabled, clipped, now);
      const last = enabledIndexes(next, size).length === 0;
      const values = last
        ? {
            channel_info: JSON.stringify(next),
            status: ChannelStatus.AutoDisabled,
            other_info: JSON.stringify({ ...parseChannelOtherInfo(row.other_info), status_reason: ALL_KEYS_DISABLED, status_time: now }),
          }
        : { channel_info: JSON.stringify(next) };
      const result = await transaction
        .updateTable('channels')
        .set(values)
        .where('id', '=', channel.id)
        .where('status', '=', ChannelStatus.Enabled)
        .where('channel_info', '=', row.channel_info ?? '')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return 'retry' as const;
      if (last) await transaction.updateTable('abilities').set({ enabled: 0 }).where('channel_id', '=', channel.id).execute();
      return last ? ('channel disabled' as const) : ('key disabled' as const);
    });
    if (outcome === 'retry') continue;
    if (outcome === 'unchanged') return false;
    if (outcome === 'whole channel') return disableChannelAutomatically(context, channel, reason);
    await context.bus.channelsChanged();
    const told = outcome === 'channel disabled' ? `${ALL_KEYS_DISABLED} (key #${index}: ${clipped})` : `key #${index}: ${clipped}`;
    void context.background.track(noticeChannelDisabled(context, channel, told));
    return true;
  }
  return false;
}
