import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';

/** What a statistic reads while it is not known yet (loading, or its request failed): never a 0. */
export const UNKNOWN = '—';

/** What a list shows while its first page loads: grey rows, not "no data". */
export function SkeletonRows({ rows = 5 }: { rows?: number }) {
  return <Skeleton active title={false} paragraph={{ rows, width: '100%' }} data-testid="skeleton-rows" />;
}

interface LoadErrorProps {
  error: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
  compact?: boolean;
}

/** A failed load says so and offers to try again, instead of looking like an empty list. */
export function LoadError({ error, onRetry, retrying, compact }: LoadErrorProps) {
  const { t } = useTranslation();
  const detail = isApiError(error) ? error.message : error instanceof Error ? error.message : '';
  return (
    <Result
      status="warning"
      style={compact ? { padding: 16 } : undefined}
      title={t('common:loadError.title')}
      subTitle={detail || t('common:loadError.hint')}
      extra={
        <Button
          type="primary"
          icon={<ReloadOutlined />}
          loading={retrying}
          onClick={() => void onRetry()}
          data-testid="load-retry"
        >
          {t('common:loadError.retry')}
        </Button>
      }
      data-testid="load-error"
    />
  );
}

/** The subset of a react-query result a list needs to show loading, failure and retry. */
export interface LoadingQuery {
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}
