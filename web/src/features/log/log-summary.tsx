import type { LogStat, StatusData } from '@switchboard/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNKNOWN } from '../../components/load-state';
import { displayUsageQuota } from './call-quota';

/** Spec 001 Usage log page: total consumed quota in the window, RPM and TPM of the last minute; "—" until known. */
export function LogSummary({ stat, status }: { stat: LogStat | undefined; status: StatusData }) {
  const { t } = useTranslation('log');
  return (
    <Space wrap data-testid="log-summary">
      <Tag color="blue" data-testid="log-stat-quota">
        {t('summaryTags.quota', { value: stat ? displayUsageQuota(stat.quota, status) : UNKNOWN })}
      </Tag>
      <Tag color="pink" data-testid="log-stat-rpm">
        {t('summaryTags.rpm', { value: stat ? stat.rpm : UNKNOWN })}
      </Tag>
      <Tag color="gold" data-testid="log-stat-tpm">
        {t('summaryTags.tpm', { value: stat ? stat.tpm : UNKNOWN })}
      </Tag>
    </Space>
  );
}
