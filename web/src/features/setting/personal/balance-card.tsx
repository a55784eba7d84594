import { formatQuota, type UserView } from '@switchboard/contract';
import { Card, Statistic, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../api/status';

/** Current balance, amount used and the number of requests. */
export function BalanceCard({ user }: { user: UserView }) {
  const { t } = useTranslation('personal');
  const status = useStatus();
  const money = (quota: number) =>
    formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
  return (
    <Card title={t('balance.title')} data-testid="balance-card">
      <Flex gap={48} wrap>
        <Statistic title={t('balance.current')} value={money(user.quota)} />
        <Statistic title={t('balance.used')} value={money(user.used_quota)} />
        <Statistic title={t('balance.requests')} value={user.request_count} />
      </Flex>
    </Card>
  );
}
