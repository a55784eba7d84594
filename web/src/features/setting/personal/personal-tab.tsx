import { useQuery } from '@tanstack/react-query';
import { Flex, Spin } from 'antd';
import { BalanceCard } from './balance-card';
import { fetchSelf, SELF_QUERY_KEY } from './personal-api';

/** /setting?tab=personal: the signed-in user's own account (spec 000 "Personal settings"). */
export default function PersonalTab() {
  const self = useQuery({ queryKey: SELF_QUERY_KEY, queryFn: fetchSelf });
  if (!self.data) return <Spin />;
  return (
    <Flex vertical gap={16}>
      <BalanceCard user={self.data} />
    </Flex>
  );
}
