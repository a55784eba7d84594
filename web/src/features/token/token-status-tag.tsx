import { TokenStatus } from '@switchboard/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface StatusLook {
  labelKey: string;
  color: string;
}

/** Colour and label of a token status (spec 001 §4); an enabled token with a model limit says so. */
export function tokenStatusLook(status: number, modelLimitsEnabled: boolean): StatusLook {
  switch (status) {
    case TokenStatus.Enabled:
      return { labelKey: modelLimitsEnabled ? 'status.enabledModelLimit' : 'status.enabled', color: 'green' };
    case TokenStatus.Disabled:
      return { labelKey: 'status.disabled', color: 'red' };
    case TokenStatus.Expired:
      return { labelKey: 'status.expired', color: 'gold' };
    case TokenStatus.Exhausted:
      return { labelKey: 'status.exhausted', color: 'default' };
    default:
      return { labelKey: 'status.unknown', color: 'default' };
  }
}

export function TokenStatusTag({ status, modelLimitsEnabled }: { status: number; modelLimitsEnabled: boolean }) {
  const { t } = useTranslation('token');
  const look = tokenStatusLook(status, modelLimitsEnabled);
  return (
    <Tag color={look.color} data-testid="token-status">
      {t(look.labelKey)}
    </Tag>
  );
}
