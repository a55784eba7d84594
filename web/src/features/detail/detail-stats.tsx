import { LogKind, type StatusData } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelf } from '../../api/resources/self';
import { UNKNOWN } from '../../components/load-state';
import { fetchLogStat } from '../../api/resources/log';
import type { UsageQuery } from '../../api/resources/usage';
import { displayQuota } from '../../lib/format';

interface DetailStatsProps {
  admin: boolean;
  query: UsageQuery;
  status: StatusData;
  /** The range's totals, or null while the usage is not known. */
  totals: { quota: number; count: number; tokens: number } | null;
  showQuota: (value: number) => string;
}

function Stat({ title, value, testId }: { title: string; value: ReactNode; testId: string }) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Card variant="borderless" size="small" style={{ height: '100%' }}>
        <Statistic title={title} value={value as string} data-testid={testId} styles={{ content: { fontSize: 22 } }} />
      </Card>
    </Col>
  );
}

/**
 * The dashboard's cards: the signed-in user's balance, the range's consumption, calls and tokens, and the
 * requests and tokens of the last minute; a value not known yet reads "—", never 0.
 */
export function DetailStats({ admin, query, status, totals, showQuota }: DetailStatsProps) {
  const { t } = useTranslation('detail');
  const { self } = useSelf();
  const stat = useQuery({
    queryKey: ['detail', 'stat', admin, query],
    queryFn: () =>
      fetchLogStat(
        {
          type: LogKind.Consumption,
          start_timestamp: query.start_timestamp,
          end_timestamp: query.end_timestamp,
          token_name: '',
          model_name: '',
          group: '',
          username: query.username,
          channel: 0,
        },
        admin,
      ),
    // The last minute's rates move; the cards follow them while the page is open.
    refetchInterval: 60_000,
  });
  const balance = self ? displayQuota(self.quota, status) : UNKNOWN;
  return (
    <Row gutter={[16, 16]}>
      <Stat title={t('totals.balance')} value={balance} testId="detail-balance" />
      <Stat title={t('totals.quota')} value={totals ? showQuota(totals.quota) : UNKNOWN} testId="detail-total-quota" />
      <Stat title={t('totals.count')} value={totals ? totals.count : UNKNOWN} testId="detail-total-count" />
      <Stat title={t('totals.tokens')} value={totals ? totals.tokens : UNKNOWN} testId="detail-total-tokens" />
      <Stat title={t('totals.rpm')} value={stat.data ? stat.data.rpm : UNKNOWN} testId="detail-rpm" />
      <Stat title={t('totals.tpm')} value={stat.data ? stat.data.tpm : UNKNOWN} testId="detail-tpm" />
    </Row>
  );
}
