import { isAdmin } from '@switchboard/contract';
import { Card, Flex, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { useStatus } from '../../api/resources/status';
import { PageFrame } from '../../components/page-frame';
import { MySubscriptionsCard } from '../subscription/my-subscriptions-card';
import { displayQuota } from '../../lib/format';
import { OnlineTopUpCard } from './online-top-up-card';
import { RedeemCard } from './redeem-card';
import { StripeTopUpCard } from './stripe-top-up-card';
import { TopUpOrdersCard } from './top-up-orders-card';
import { useSelf } from '../../api/resources/self';

/** /topup: the wallet (spec 001 "Wallet"): balance, redeem a code, online top-up; admins also see the order list. */
export default function TopupPage() {
  const { t } = useTranslation('topup');
  const status = useStatus();
  const user = useSessionUser();
  const { self, loading, addQuota } = useSelf();

  return (
    <PageFrame title={t('title')} summary={t('summary')}>
      <Card>
        {loading || !self ? (
          <Skeleton active paragraph={false} />
        ) : (
          <div data-testid="topup-balance">
            <Statistic title={t('balance.title')} value={displayQuota(self.quota, status)} />
          </div>
        )}
      </Card>
      <Flex vertical gap={16}>
        <RedeemCard onRedeemed={addQuota} />
        <OnlineTopUpCard />
        <StripeTopUpCard />
        <MySubscriptionsCard />
        {user && isAdmin(user.role) ? <TopUpOrdersCard /> : null}
      </Flex>
    </PageFrame>
  );
}
