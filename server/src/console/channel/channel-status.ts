import { ChannelStatus } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { disableChannelAutomatically, mayDisableAutomatically as optionsAllowDisabling } from '../../domain/channel-health';
import { noticeChannelEnabled } from '../../platform/notify/notices';
import { disableKeyAutomatically } from '../../domain/key-health';
import { enabledIndexes, KeyStatus, parseChannelInfo, storedKeys, withKeyStatus, type ChannelInfo } from '../../domain/multi-key';
import type { ChannelRow } from './channel-view';
import { changeChannels } from './channel-writes';

/** Whether the monitoring options allow disabling this channel automatically (reference notes §2.4). */
export const mayDisableAutomatically = (context: AppContext, channel: ChannelRow): boolean => optionsAllowDisabling(context.options, channel.auto_ban === 1);

/**
 * The key a test of a multi-key channel used (its first enabled key, else its first: as the relay's
 * channel index reads it), or null for a one-key channel.
 */
function testedKey(channel: ChannelRow): { index: number; info: ChannelInfo } | null {
  const info = parseChannelInfo(channel.channel_info);
  if (!info.is_multi_key) return null;
  return { index: enabledIndexes(info, storedKeys(channel.type, channel.key).length)[0] ?? 0, info };
}

/**
 * Status 3 with the reason and time in other_info; abilities follow in the same transaction; root is
 * told. On a multi-key channel only the tested key is disabled, and the channel with its last key.
 */
export async function disableAutomatically(context: AppContext, channel: ChannelRow, reason: string): Promise<void> {
  const target = { id: Number(channel.id), name: channel.name, type: channel.type };
  const tested = testedKey(channel);
  if (tested) await disableKeyAutomatically(context, target, tested.index, reason);
  else await disableChannelAutomatically(context, target, reason);
}

/**
 * A passing test re-enables a channel that was disabled automatically, never a manually disabled one;
 * on a multi-key channel the key the test used is enabled again with it.
 */
export async function enableAfterRecovery(context: AppContext, channel: ChannelRow): Promise<boolean> {
  if (channel.status !== ChannelStatus.AutoDisabled || !context.options.boolean('AutomaticEnableChannelEnabled')) return false;
  const tested = testedKey(channel);
  const values = tested ? { status: ChannelStatus.Enabled, channel_info: JSON.stringify(withKeyStatus(tested.info, tested.index, KeyStatus.Enabled)) } : { status: ChannelStatus.Enabled };
  await changeChannels(context, (writer) => writer.update([channel.id], values));
  await noticeChannelEnabled(context, channel);
  return true;
}
