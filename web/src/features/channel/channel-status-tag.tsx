import { ChannelStatus, parseChannelOtherInfo } from '@switchboard/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';

const looks: Record<number, { labelKey: string; color: string }> = {
  [ChannelStatus.Enabled]: { labelKey: 'status.enabled', color: 'green' },
  [ChannelStatus.Disabled]: { labelKey: 'status.disabled', color: 'red' },
  [ChannelStatus.AutoDisabled]: { labelKey: 'status.autoDisabled', color: 'orange' },
};

/** A channel's status; one disabled automatically explains why and when in a tooltip. */
export function ChannelStatusTag({ status, otherInfo }: { status: number; otherInfo: string }) {
  const { t } = useTranslation('channel');
  const look = looks[status] ?? { labelKey: 'status.unknown', color: 'default' };
  const tag = (
    <Tag color={look.color} data-testid="channel-status" data-status={status}>
      {t(look.labelKey)}
    </Tag>
  );
  if (status !== ChannelStatus.AutoDisabled) return tag;
  const info = parseChannelOtherInfo(otherInfo);
  const reason = info.status_reason || t('status.noReason');
  const time = info.status_time ? formatTime(info.status_time) : t('status.noTime');
  return (
    <Tooltip
      title={<span data-testid="channel-status-reason">{t('status.autoDisabledDetail', { reason, time })}</span>}
    >
      {tag}
    </Tooltip>
  );
}
