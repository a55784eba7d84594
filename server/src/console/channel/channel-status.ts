import { ChannelStatus, parseChannelOtherInfo } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { noticeChannelDisabled, noticeChannelEnabled } from '../../platform/notify/notices';
import type { ChannelRow } from './channel-view';
import { changeChannels } from './channel-writes';

/** Whether the monitoring options allow disabling this channel automatically (reference notes §2.4). */
export const mayDisableAutomatically = (context: AppContext, channel: ChannelRow): boolean =>
  context.options.boolean('AutomaticDisableChannelEnabled') && channel.auto_ban === 1;

/** Status 3 with the reason and time in other_info; abilities follow in the same transaction; root is told. */
export async function disableAutomatically(context: AppContext, channel: ChannelRow, reason: string): Promise<void> {
  const otherInfo = { ...parseChannelOtherInfo(channel.other_info), status_reason: reason, status_time: nowSeconds() };
  await changeChannels(context, (writer) =>
    writer.update([channel.id], { status: ChannelStatus.AutoDisabled, other_info: JSON.stringify(otherInfo) }),
  );
  await noticeChannelDisabled(context, channel, reason);
}

/** A passing test re-enables a channel that was disabled automatically, never a manually disabled one. */
export async function enableAfterRecovery(context: AppContext, channel: ChannelRow): Promise<boolean> {
  if (channel.status !== ChannelStatus.AutoDisabled || !context.options.boolean('AutomaticEnableChannelEnabled')) return false;
  await changeChannels(context, (writer) => writer.update([channel.id], { status: ChannelStatus.Enabled }));
  await noticeChannelEnabled(context, channel);
  return true;
}
