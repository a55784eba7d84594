import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Calendar, Card, Flex, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../api/resources/status';
import { toast } from '../../../components/feedback';
import { useHumanCheck } from '../../auth/use-human-check';
import { checkIn, CHECKIN_QUERY_KEY, fetchCheckins, SELF_QUERY_KEY } from '../../../api/resources/self';
import { useDisplayQuota } from '../../../lib/format';

/** The daily check-in: this month's calendar with the days checked in, the totals, and the button (when the site offers it). */
export function CheckinCard() {
  const status = useStatus();
  if (!status.checkin_enabled) return null;
  return <CheckinCalendar />;
}

function CheckinCalendar() {
  const { t } = useTranslation('personal');
  const money = useDisplayQuota();
  const queryClient = useQueryClient();
  const humanCheck = useHumanCheck();
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const checkins = useQuery({ queryKey: [...CHECKIN_QUERY_KEY, month], queryFn: () => fetchCheckins(month) });
  const awarded = new Map(
    (checkins.data?.stats.records ?? []).map((record) => [record.checkin_date, record.quota_awarded]),
  );
  const mutation = useMutation({
    mutationFn: () => checkIn(humanCheck.token),
    onSuccess: async (result) => {
      toast.success(t('checkin.done', { amount: money(result.quota_awarded) }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SELF_QUERY_KEY }),
      ]);
    },
  });
  const stats = checkins.data?.stats;
  const dayCell = (day: Dayjs) => {
    const quota = awarded.get(day.format('YYYY-MM-DD'));
    return quota === undefined ? null : <Badge status="success" text={money(quota)} data-testid="checkin-day" />;
  };

  return (
    <Card title={t('checkin.title')} data-testid="checkin-card">
      <Flex vertical gap={12}>
        <Flex gap={32} wrap align="flex-end">
          <Statistic title={t('checkin.totalQuota')} value={stats ? money(stats.total_quota) : '—'} />
          <Statistic title={t('checkin.totalCheckins')} value={stats?.total_checkins ?? '—'} />
          <Statistic title={t('checkin.monthCheckins')} value={stats?.checkin_count ?? '—'} />
          <Button
            type="primary"
            disabled={!stats || stats.checked_in_today}
            loading={mutation.isPending}
            onClick={() => humanCheck.ready() && mutation.mutate()}
            data-testid="checkin-button"
          >
            {stats?.checked_in_today ? t('checkin.checkedIn') : t('checkin.checkIn')}
          </Button>
        </Flex>
        {humanCheck.widget}
        <Typography.Text type="secondary">
          {t('checkin.range', { min: money(checkins.data?.min_quota ?? 0), max: money(checkins.data?.max_quota ?? 0) })}
        </Typography.Text>
        <Calendar
          fullscreen={false}
          cellRender={dayCell}
          onPanelChange={(value) => setMonth(value.format('YYYY-MM'))}
        />
      </Flex>
    </Card>
  );
}
