import { fill } from '../text';
import { notifierOf, type Notice } from './notifier';
import type { AppContext } from '../../app-context';

const texts = {
  channelDisabledTitle: { zh: '渠道「{name}」（#{id}）已被禁用', en: 'Channel "{name}" (#{id}) was disabled' },
  channelDisabled: {
    zh: '渠道「{name}」（#{id}）已被自动禁用，原因：{reason}',
    en: 'Channel "{name}" (#{id}) was disabled automatically. Reason: {reason}',
  },
  channelEnabledTitle: { zh: '渠道「{name}」（#{id}）已被启用', en: 'Channel "{name}" (#{id}) was enabled' },
  channelEnabled: {
    zh: '渠道「{name}」（#{id}）测试通过，已被自动重新启用',
    en: 'Channel "{name}" (#{id}) passed its test and was enabled again automatically',
  },
  quotaWarningTitle: { zh: '您的额度即将用尽', en: 'Your quota is running low' },
  quotaWarning: {
    zh: '您的剩余额度为 {remaining}，已低于提醒阈值 {threshold}，请及时充值。',
    en: 'Your remaining quota is {remaining}, below your reminder threshold of {threshold}. Please top up.',
  },
};

/** Tells root that a channel was disabled automatically (throttled per channel); never throws. */
export function noticeChannelDisabled(context: AppContext, channel: { id: number; name: string }, reason: string): Promise<void> {
  const params = { id: channel.id, name: channel.name, reason };
  return notifierOf(context).notifyRoot(`channel:${channel.id}`, {
    type: 'channel_disabled',
    title: fill(texts.channelDisabledTitle, params),
    content: fill(texts.channelDisabled, params),
  });
}

/** Tells root that a channel was enabled again after a passing test (throttled per channel); never throws. */
export function noticeChannelEnabled(context: AppContext, channel: { id: number; name: string }): Promise<void> {
  const params = { id: channel.id, name: channel.name };
  return notifierOf(context).notifyRoot(`channel:${channel.id}`, {
    type: 'channel_enabled',
    title: fill(texts.channelEnabledTitle, params),
    content: fill(texts.channelEnabled, params),
  });
}

export function quotaWarningNotice(remaining: string, threshold: string): Notice {
  return {
    type: 'quota_warning',
    title: texts.quotaWarningTitle,
    content: fill(texts.quotaWarning, { remaining, threshold }),
  };
}
