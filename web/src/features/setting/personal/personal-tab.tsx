import { Col, Flex, Row } from 'antd';
import { LoadError, SkeletonRows } from '../../../components/load-state';
import { AccountCard } from './account-card';
import { BalanceCard } from './balance-card';
import { BindingsCard } from './bindings-card';
import { CheckinCard } from './checkin-card';
import { InviteCard } from './invite-card';
import { ModelsCard } from './models-card';
import { NotificationCard } from './notification-card';
import { PasskeyCard } from '../../security/passkey-card';
import { TwoFactorCard } from '../../security/two-factor-card';
import { useSelf } from '../../../api/resources/self';
import { ProfileHeader } from './profile-header';

/** /setting?tab=personal: the signed-in user's own account (spec 000 "Settings, personal tab"). */
export default function PersonalTab() {
  const { query: self, refresh: refetchSelf } = useSelf();
  const refresh = () => void refetchSelf();
  if (self.isError && !self.data)
    return <LoadError error={self.error} onRetry={self.refetch} retrying={self.isFetching} />;
  if (!self.data) return <SkeletonRows rows={8} />;
  const user = self.data;
  return (
    <Row gutter={[16, 16]} data-testid="personal-tab">
      <Col span={24}>
        <ProfileHeader user={user} />
      </Col>
      <Col xs={24} xl={12}>
        <Flex vertical gap={16}>
          <BalanceCard user={user} />
          <CheckinCard />
          <InviteCard user={user} />
          <AccountCard user={user} />
          <ModelsCard />
        </Flex>
      </Col>
      <Col xs={24} xl={12}>
        <Flex vertical gap={16}>
          <BindingsCard user={user} onChanged={refresh} />
          <NotificationCard user={user} onSaved={refresh} />
          <TwoFactorCard />
          <PasskeyCard />
        </Flex>
      </Col>
    </Row>
  );
}
