import { RedemptionStatus } from '@switchboard/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LOOKS: Record<number, { labelKey: string; color: string }> = {
  [RedemptionStatus.Unused]: { labelKey: 'status.unused', color: 'green' },
  [RedemptionStatus.Disabled]: { labelKey: 'status.disabled', color: 'red' },
  [RedemptionStatus.Used]: { labelKey: 'status.used', color: 'default' },
};

/** Colour and label of a redemption status (spec 001 §4). */
export function RedemptionStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('redemption');
  const look = LOOKS[status] ?? { labelKey: 'status.unknown', color: 'default' };
  return (
    <Tag color={look.color} data-testid="redemption-status">
      {t(look.labelKey)}
    </Tag>
  );
}
