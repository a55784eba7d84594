import { fill } from '../text';
import { notifierOf, type Notice } from './notifier';
import type { AppContext } from '../../app-context';
import { messages } from '../i18n/catalogue';

/** Tells root that a channel was disabled automatically (throttled per channel); never throws. */
export function noticeChannelDisabled(
  context: AppContext,
  channel: { id: number; name: string },
  reason: string,
): Promise<void> {
  const params = { id: channel.id, name: channel.name, reason };
  return notifierOf(context).notifyRoot(`channel:${channel.id}`, {
    type: 'channel_disabled',
    title: fill(messages.notice.channelDisabledTitle, params),
    content: fill(messages.notice.channelDisabled, params),
  });
}

/** Tells root that a channel was enabled again after a passing test (throttled per channel); never throws. */
export function noticeChannelEnabled(context: AppContext, channel: { id: number; name: string }): Promise<void> {
  const params = { id: channel.id, name: channel.name };
  return notifierOf(context).notifyRoot(`channel:${channel.id}`, {
    type: 'channel_enabled',
    title: fill(messages.notice.channelEnabledTitle, params),
    content: fill(messages.notice.channelEnabled, params),
  });
}

export function quotaWarningNotice(remaining: string, threshold: string): Notice {
  return {
    type: 'quota_warning',
    title: messages.notice.quotaWarningTitle,
    content: fill(messages.notice.quotaWarning, { remaining, threshold }),
  };
}
