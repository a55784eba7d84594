import type { SubscriptionPlan, UserSubscription } from '@switchboard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Flex,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { PageFrame } from '../../components/page-frame';
import { displayQuota } from '../../lib/format';
import { NEW_PLAN, PlanDrawer, formOf, type PlanForm } from './plan-drawer';
import {
  SUBSCRIPTIONS_QUERY_KEY,
  bindPlan,
  createPlan,
  deleteSubscription,
  fetchAllPlans,
  fetchUserSubscriptions,
  invalidateSubscription,
  resetPlan,
  setPlanEnabled,
  updatePlan,
} from '../../api/resources/subscription';
import { WholeNumberInput } from '../../components/whole-number-input';
import { MutationButton } from '../../components/mutation-button';

/** The plans and a user's subscriptions: short, unpaged lists scrolling sideways when wide. */
function ShortTable<Row extends { id: number }>(props: TableProps<Row>) {
  return <Table<Row> rowKey="id" pagination={false} scroll={{ x: true }} {...props} />;
}

const idColumn = { title: 'ID', dataIndex: 'id', width: 60 };

/** /subscription (administrators): plans with create, edit, enable and reset; a user's subscriptions with bind, invalidate and delete. */
export default function SubscriptionsPage() {
  const { t } = useTranslation('subscription');
  const status = useStatus();
  const client = useQueryClient();
  const plans = useQuery({ queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'admin-plans'], queryFn: fetchAllPlans });
  const [drawer, setDrawer] = useState<{ id: number | null; initial: PlanForm } | null>(null);
  const [resetting, setResetting] = useState<SubscriptionPlan | null>(null);
  const [advance, setAdvance] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
  const failed = (error: Error) => toast.error(error.message);

  const save = useMutation({
    mutationFn: ({ id, plan }: { id: number | null; plan: PlanForm }) =>
      id === null ? createPlan(plan) : updatePlan(id, plan),
    onSuccess: async () => {
      toast.success(t('saved'));
      setDrawer(null);
      await refresh();
    },
    onError: failed,
  });
  const enable = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => setPlanEnabled(id, enabled),
    onSuccess: refresh,
    onError: failed,
  });
  const reset = useMutation({
    mutationFn: ({ id, advanceReset }: { id: number; advanceReset: boolean }) => resetPlan(id, advanceReset),
    onSuccess: async (result) => {
      toast.success(t('admin.resetDone', { count: result.reset_count }));
      setResetting(null);
      await refresh();
    },
    onError: failed,
  });
  const quota = (amount: number) => (amount === 0 ? t('unlimited') : displayQuota(amount, status));

  return (
    <PageFrame
      title={t('admin.title')}
      summary={t('admin.summary')}
      extra={
        <Button type="primary" onClick={() => setDrawer({ id: null, initial: NEW_PLAN })} data-testid="plan-create">
          {t('admin.create')}
        </Button>
      }
    >
      <Card>
        <ShortTable<SubscriptionPlan>
          loading={plans.isLoading}
          dataSource={(plans.data ?? []).map((entry) => entry.plan)}
          columns={[
            idColumn,
            { title: t('fields.title'), dataIndex: 'title' },
            { title: t('fields.price'), render: (_, plan) => `${plan.price_amount} ${plan.currency}` },
            { title: t('fields.totalAmount'), render: (_, plan) => quota(plan.total_amount) },
            { title: t('fields.resetPeriod'), render: (_, plan) => t(`resets.${plan.quota_reset_period}`) },
            {
              title: t('fields.enabled'),
              render: (_, plan) => (
                <Switch
                  checked={plan.enabled}
                  onChange={(enabled) => enable.mutate({ id: plan.id, enabled })}
                  data-testid={`plan-enabled-${plan.id}`}
                />
              ),
            },
            {
              title: t('actions'),
              render: (_, plan) => (
                <Space>
                  <Button
                    size="small"
                    onClick={() => setDrawer({ id: plan.id, initial: formOf(plan) })}
                    data-testid={`plan-edit-${plan.id}`}
                  >
                    {t('admin.edit')}
                  </Button>
                  <Button size="small" onClick={() => setResetting(plan)}>
                    {t('admin.reset')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <UserSubscriptionsCard plans={(plans.data ?? []).map((entry) => entry.plan)} />
      {drawer ? (
        <PlanDrawer
          open
          editing={drawer.id !== null}
          initial={drawer.initial}
          submitting={save.isPending}
          onClose={() => setDrawer(null)}
          onSubmit={(plan) => save.mutate({ id: drawer.id, plan })}
        />
      ) : null}
      <Modal
        open={resetting !== null}
        title={t('admin.resetTitle', { title: resetting?.title ?? '' })}
        onCancel={() => setResetting(null)}
        onOk={() => resetting && reset.mutate({ id: resetting.id, advanceReset: advance })}
        confirmLoading={reset.isPending}
        okText={t('admin.reset')}
        cancelText={t('cancel')}
      >
        <Typography.Paragraph>{t('admin.resetHelp')}</Typography.Paragraph>
        <Checkbox checked={advance} onChange={(event) => setAdvance(event.target.checked)}>
          {t('admin.advance')}
        </Checkbox>
      </Modal>
    </PageFrame>
  );
}

/** A user's subscriptions, by user id: bind a plan, invalidate or delete one. */
function UserSubscriptionsCard({ plans }: { plans: SubscriptionPlan[] }) {
  const { t } = useTranslation('subscription');
  const status = useStatus();
  const client = useQueryClient();
  const [userId, setUserId] = useState<number | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'user', userId],
    queryFn: () => fetchUserSubscriptions(userId ?? 0),
    enabled: userId !== null,
  });
  const refresh = () => client.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
  const failed = (error: Error) => toast.error(error.message);
  const bind = useMutation({
    mutationFn: () => bindPlan(userId ?? 0, planId ?? 0),
    onSuccess: async (reply) => {
      toast.success(reply.message ?? t('admin.bound'));
      await refresh();
    },
    onError: failed,
  });
  const invalidate = useMutation({ mutationFn: invalidateSubscription, onSuccess: refresh, onError: failed });
  const remove = useMutation({ mutationFn: deleteSubscription, onSuccess: refresh, onError: failed });

  return (
    <Card title={t('admin.userSubscriptions')}>
      <Flex gap={8} wrap align="center">
        <WholeNumberInput
          min={1}
          placeholder={t('admin.userId')}
          value={userId}
          onChange={setUserId}
          style={{ width: 160 }}
        />
        <Select
          placeholder={t('admin.plan')}
          value={planId}
          onChange={setPlanId}
          style={{ width: 220 }}
          options={plans.map((plan) => ({ value: plan.id, label: plan.title }))}
        />
        <MutationButton disabled={userId === null || planId === null} mutation={bind}>
          {t('admin.bind')}
        </MutationButton>
      </Flex>
      {userId !== null ? (
        <ShortTable<UserSubscription>
          style={{ marginTop: 16 }}
          size="small"
          loading={list.isLoading}
          dataSource={(list.data ?? []).map((entry) => entry.subscription)}
          columns={[
            idColumn,
            {
              title: t('admin.plan'),
              render: (_, row) => plans.find((plan) => plan.id === row.plan_id)?.title ?? `#${row.plan_id}`,
            },
            {
              title: t('statusLabel'),
              render: (_, row) => (
                <Tag color={row.status === 'active' ? 'green' : 'default'}>{t(`status.${row.status}`)}</Tag>
              ),
            },
            {
              title: t('usageLabel'),
              render: (_, row) =>
                `${displayQuota(row.amount_used, status)} / ${row.amount_total === 0 ? t('unlimited') : displayQuota(row.amount_total, status)}`,
            },
            { title: t('endsLabel'), render: (_, row) => new Date(row.end_time * 1000).toLocaleString() },
            {
              title: t('actions'),
              render: (_, row) => (
                <Space>
                  {row.status === 'active' ? (
                    <Button size="small" onClick={() => invalidate.mutate(row.id)}>
                      {t('admin.invalidate')}
                    </Button>
                  ) : null}
                  <Button size="small" danger onClick={() => remove.mutate(row.id)}>
                    {t('admin.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
