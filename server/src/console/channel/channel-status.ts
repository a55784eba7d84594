import { ChannelStatus } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { disableChannelAutomatically, mayDisableAutomatically as optionsAllowDisabling } from '../../domain/channel-health';
import { noticeChannelEnabled } from '../../platform/notify/notices';
import type { ChannelRow } from './channel-view';
import { changeChannels } from './channel-writes';

/** Whether the monitoring options allow disabling this channel automatically (reference notes §2.4). */
export const mayDisableAutomatically = (context: AppContext, channel: ChannelRow): boolean => optionsAllowDisabling(context.options, channel.auto_ban === 1);

/** Status 3 with the reason and time in other_info; abilities follow in the same transaction; root is told. */
export async function disableAutomatically(context: AppContext, channel: ChannelRow, reason: string): Promise<void> {
  await disableChannelAutomatically(context, { id: Number(channel.id), name: channel.name }, reason);
}

/** A passing test re-enables a channel that was disabled automatically, never a manually disabled one. */
export async function enableAfterRecovery(context: AppContext, channel: ChannelRow): Promise<boolean> {
  if (channel.status !== ChannelStatus.AutoDisabled || !context.options.boolean('AutomaticEnableChannelEnabled')) return false;
  await changeChannels(context, (writer) => writer.update([channel.id], { status: ChannelStatus.Enabled }));
  await noticeChannelEnabled(context, channel);
  return true;
}
