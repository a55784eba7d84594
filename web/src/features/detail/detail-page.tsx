import { isAdmin } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Result } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { useStatus } from '../../api/resources/status';
import { LoadError } from '../../components/load-state';
import { PageFrame } from '../../components/page-frame';
import { displayUsageQuota } from '../log/call-quota';
import { fetchUsage, type UsageQuery } from '../../api/resources/usage';
import { DetailFilters } from './detail-filters';
import { DetailStats } from './detail-stats';
import { ModelBreakdown } from './model-breakdown';
import { TopLists } from './top-lists';
import { CallsChart, ConsumptionChart } from './usage-charts';
import { continuousBuckets, granularityOf, usageSeries, type Granularity } from './usage-series';

const DEFAULT_LOOKBACK_SECONDS = 7 * 86_400;

/** /detail: the data dashboard (spec 001 §2), shown while the `enable_data_export` flag is on. */
export default function DetailPage() {
  const { t } = useTranslation('detail');
  const status = useStatus();
  const admin = isAdmin(useSessionUser()?.role ?? 0);
  const [granularity, setGranularity] = useState<Granularity>(() => granularityOf(status.data_export_default_time));
  const [query, setQuery] = useState<UsageQuery>(() => {
    const now = Math.floor(Date.now() / 1000);
    return { start_timestamp: now - DEFAULT_LOOKBACK_SECONDS, end_timestamp: now + 3600, username: '' };
  });
  const usage = useQuery({
    queryKey: ['detail', admin, query],
    queryFn: () => fetchUsage(query, admin),
    enabled: status.enable_data_export,
  });
  const series = useMemo(() => usageSeries(usage.data ?? [], granularity), [usage.data, granularity]);
  const chartBuckets = useMemo(
    () => continuousBuckets(series.buckets, series.models, granularity),
    [series, granularity],
  );
  const showQuota = (value: number) => displayUsageQuota(value, status);

  if (!status.enable_data_export) {
    return (
      <PageFrame title={t('title')}>
        <Result
          status="info"
          title={t('disabled.title')}
          subTitle={t('disabled.description')}
          data-testid="detail-disabled"
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('title')} summary={t('summary')}>
      <Card variant="borderless">
        <DetailFilters
          admin={admin}
          query={query}
          granularity={granularity}
          loading={usage.isFetching}
          onGranularity={setGranularity}
          onSearch={setQuery}
        />
      </Card>
      <DetailStats
        admin={admin}
        query={query}
        status={status}
        totals={usage.data ? series.totals : null}
        showQuota={showQuota}
      />
      {usage.isError ? (
        <Card variant="borderless">
          <LoadError error={usage.error} onRetry={usage.refetch} retrying={usage.isFetching} />
        </Card>
      ) : null}
      <ConsumptionChart buckets={chartBuckets} models={series.models} formatQuota={showQuota} />
      <CallsChart buckets={chartBuckets} models={series.models} />
      <ModelBreakdown models={series.models} formatQuota={showQuota} />
      <TopLists admin={admin} query={query} showQuota={showQuota} />
    </PageFrame>
  );
}
