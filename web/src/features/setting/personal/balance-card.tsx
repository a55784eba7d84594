import type { UserView } from '@switchboard/contract';
import { Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplayQuota } from '../../../lib/format';

/** Current balance, historic consumption and request count. */
export function BalanceCard({ user }: { user: UserView }) {
  const { t } = useTranslation('personal');
  const money = useDisplayQuota();
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
