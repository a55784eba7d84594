import { ChannelStatus, parseChannelOtherInfo, type ChannelStatusValue } from '@switchboard/contract';
import type { Kysely, Updateable } from 'kysely';
import type { AppContext } from '../app-context';
import { nowSeconds } from '../db/dialect';
import type { ChannelsTable } from '../db/tables/channels';
import type { Tables } from '../db/tables/index';
import { noticeChannelDisabled, noticeChannelEnabled } from '../platform/notify/notices';
import {
  enabledIndexes,
  KeyStatus,
  keyStatus,
  parseChannelInfo,
  storedKeys,
  withKeyStatus,
  type ChannelInfo,
} from './multi-key';

/** other_info.status_reason of a multi-key channel whose last key went (the reference's words). */
export const ALL_KEYS_DISABLED = 'All keys are disabled';

/** Longest reason stored with a disabled channel or key. */
const STATUS_REASON_LIMIT = 500;

/** Tries of the compare-and-set on channel_info before giving up (two keys failing at once). */
const TRIES = 3;

/** The channel whose status changes: who is told, and how its keys are read. */
export interface StatusTarget {
  id: number;
  name: string;
  type: number;
}

/** The channel row as the console and the relay read it: what a status change needs of it. */
export interface StatusSource extends StatusTarget {
  status: number;
  key: string;
  channel_info: string | null;
}

const clipped = (reason: string): string => reason.slice(0, STATUS_REASON_LIMIT);

/** other_info with the reason and time of a status change, merged into what it held (never overwritten). */
const otherInfoWith = (otherInfo: string, reason: string, time: number): string =>
  JSON.stringify({ ...parseChannelOtherInfo(otherInfo), status_reason: reason, status_time: time });

const setAbilities = (executor: Kysely<Tables>, channelId: number, enabled: 0 | 1) =>
  executor.updateTable('abilities').set({ enabled }).where('channel_id', '=', channelId).execute();

/**
 * The key a test of a multi-key channel uses (its first enabled key, else its first: as the relay's
 * channel index reads it) with the channel's key states, or null for a one-key channel.
 */
export function testedKey(channel: StatusSource): { index: number; info: ChannelInfo } | null {
  const info = parseChannelInfo(channel.channel_info);
  if (!info.is_multi_key) return null;
  return { index: enabledIndexes(info, storedKeys(channel.type, channel.key).length)[0] ?? 0, info };
}

/**
 * Moves the channel out of status `from` (a compare-and-set: another instance may have moved it first)
 * with its abilities; answers whether this call moved it.
 */
async function moveStatus(
  transaction: Kysely<Tables>,
  channelId: number,
  from: ChannelStatusValue,
  values: Updateable<ChannelsTable> & { status: ChannelStatusValue },
): Promise<boolean> {
  const result = await transaction
    .updateTable('channels')
    .set(values)
    .where('id', '=', channelId)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await setAbilities(transaction, channelId, values.status === ChannelStatus.Enabled ? 1 : 0);
  return true;
}

/**
 * Disables an enabled channel automatically (status AutoDisabled, reason and time kept in other_info
 * beside what it held) in one transaction with its abilities, then tells every instance's channel
 * index and root. Answers whether this call disabled it (a channel already disabled is left as it is,
 * and root is not told twice).
 */
async function disableChannel(context: AppContext, channel: StatusTarget, reason: string): Promise<boolean> {
  const changed = await context.database.db.transaction().execute(async (transaction) => {
    const row = await transaction
      .selectFrom('channels')
      .select('other_info')
      .where('id', '=', channel.id)
      .where('status', '=', ChannelStatus.Enabled)
      .executeTakeFirst();
    if (!row) return false;
    return moveStatus(transaction, channel.id, ChannelStatus.Enabled, {
      status: ChannelStatus.AutoDisabled,
      other_info: otherInfoWith(row.other_info, clipped(reason), nowSeconds()),
    });
  });
  if (!changed) return false;
  await context.bus.channelsChanged();
  // The notice may take seconds (SMTP, webhook retries); the failing request does not wait for it.
  void context.background.track(noticeChannelDisabled(context, channel, reason));
  return true;
}

/**
 * Disables one key of a multi-key channel automatically (status AutoDisabled, reason and time kept in
 * channel_info); when no key is left enabled, the channel itself with "All keys are disabled". A key
 * that cannot be found (the keys were edited meanwhile, or the channel is no longer multi-key) takes
 * the whole channel out instead. The write is a compare-and-set on channel_info, so two keys failing
 * at once both end disabled.
 */
async function disableKey(context: AppContext, channel: StatusTarget, index: number, reason: string): Promise<boolean> {
  const reasonKept = clipped(reason);
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
      const next = withKeyStatus(info, index, KeyStatus.AutoDisabled, reasonKept, now);
      const last = enabledIndexes(next, size).length === 0;
      const values = last
        ? {
            channel_info: JSON.stringify(next),
            status: ChannelStatus.AutoDisabled,
            other_info: otherInfoWith(row.other_info, ALL_KEYS_DISABLED, now),
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
      if (last) await setAbilities(transaction, channel.id, 0);
      return last ? ('channel disabled' as const) : ('key disabled' as const);
    });
    if (outcome === 'retry') continue;
    if (outcome === 'unchanged') return false;
    if (outcome === 'whole channel') return disableChannel(context, channel, reason);
    await context.bus.channelsChanged();
    const told =
      outcome === 'channel disabled'
        ? `${ALL_KEYS_DISABLED} (key #${index}: ${reasonKept})`
        : `key #${index}: ${reasonKept}`;
    void context.background.track(noticeChannelDisabled(context, channel, told));
    return true;
  }
  return false;
}

/**
 * Disables a channel automatically, or with `keyIndex` (the key a multi-key channel's failed call or
 * test used) only that key, and the channel with its last key. Root is told; every instance's channel
 * index follows. Answers whether anything changed. The one writer of automatic disabling: the relay on
 * live failures, the console's channel tests and balance updates.
 */
export function disableAutomatically(
  context: AppContext,
  channel: StatusTarget,
  keyIndex: number | undefined,
  reason: string,
): Promise<boolean> {
  return keyIndex === undefined
    ? disableChannel(context, channel, reason)
    : disableKey(context, channel, keyIndex, reason);
}

/**
 * A passing test re-enables a channel that was disabled automatically, never a manually disabled one
 * (compare-and-set on its status); on a multi-key channel the key the test used is enabled again with
 * it. Abilities follow in the same transaction; root is told.
 */
export async function enableAfterRecovery(context: AppContext, channel: StatusSource): Promise<boolean> {
  if (channel.status !== ChannelStatus.AutoDisabled || !context.options.boolean('AutomaticEnableChannelEnabled'))
    return false;
  const tested = testedKey(channel);
  const values = tested
    ? {
        status: ChannelStatus.Enabled,
        channel_info: JSON.stringify(withKeyStatus(tested.info, tested.index, KeyStatus.Enabled)),
      }
    : { status: ChannelStatus.Enabled };
  const changed = await context.database.db
    .transaction()
    .execute((transaction) => moveStatus(transaction, channel.id, ChannelStatus.AutoDisabled, values));
  if (!changed) return false;
  await context.bus.channelsChanged();
  await noticeChannelEnabled(context, channel);
  return true;
}
