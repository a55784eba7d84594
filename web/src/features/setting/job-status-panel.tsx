import type { JobStatusView } from '@switchboard/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchJobs, JOBS_QUERY_KEY, runJob } from '../../api/resources/jobs';
import { toast } from '../../components/feedback';
import { formatTimeMillis } from '../../lib/format';

const timeOf = (milliseconds: number) => (milliseconds > 0 ? formatTimeMillis(milliseconds) : '');

/** The background jobs' last runs (`GET /api/job/`), with "run now" for each. */
export function JobStatusPanel() {
  const { t } = useTranslation('setting');
  const queryClient = useQueryClient();
  const jobs = useQuery({ queryKey: JOBS_QUERY_KEY, queryFn: fetchJobs });
  const [runningName, setRunningName] = useState<string | null>(null);

  const runNow = async (name: string) => {
    setRunningName(name);
    try {
      const outcome = await runJob(name);
      if (outcome === 'busy') toast.info(t('jobs.busy'));
      else if (outcome === 'failed') toast.error(t('jobs.error'));
      else toast.success(t('jobs.ok'));
    } finally {
      setRunningName(null);
      await queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
    }
  };

  const outcomeTag = (job: JobStatusView) => {
    if (job.running) return <Tag color="processing">{t('jobs.running')}</Tag>;
    if (job.lastOutcome === 'ok') return <Tag color="success">{t('jobs.ok')}</Tag>;
    if (job.lastOutcome === 'error')
      return (
        <Tag color="error" title={job.lastError ?? ''}>
          {t('jobs.error')}
        </Tag>
      );
    return <Tag>{t('jobs.never')}</Tag>;
  };

  return (
    <>
      <Divider />
      <Typography.Title level={5}>{t('jobs.title')}</Typography.Title>
      <Table<JobStatusView>
        rowKey="name"
        size="small"
        pagination={false}
        loading={jobs.isLoading}
        dataSource={Array.isArray(jobs.data) ? jobs.data : []}
        data-testid="job-status"
        columns={[
          {
            title: t('jobs.name'),
            dataIndex: 'name',
            render: (name: string) => t(`jobs.names.${name}`, { defaultValue: name }),
          },
          {
            title: t('jobs.interval'),
            dataIndex: 'intervalMs',
            render: (interval: number) => (interval > 0 ? `${Math.round(interval / 1000)} s` : t('jobs.off')),
          },
          {
            title: t('jobs.lastRun'),
            dataIndex: 'lastStarted',
            render: (started: number) => timeOf(started) || t('jobs.never'),
          },
          {
            title: t('jobs.duration'),
            dataIndex: 'lastDurationMs',
            render: (duration: number, job) => (job.lastStarted ? `${duration} ms` : ''),
          },
          { title: t('jobs.outcome'), key: 'outcome', render: (_value, job) => outcomeTag(job) },
          { title: t('jobs.runs'), key: 'runs', render: (_value, job) => `${job.runCount} / ${job.failureCount}` },
          {
            key: 'action',
            render: (_value, job) => (
              <Button
                size="small"
                loading={runningName === job.name}
                disabled={job.running}
                onClick={() => void runNow(job.name)}
              >
                {t('jobs.runNow')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
