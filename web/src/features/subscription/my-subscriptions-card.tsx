import {
  BILLING_PREFERENCES,
  PAYMENT_METHODS,
  type SubscriptionPlan,
  type UserSubscription,
} from '@switchboard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, List, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { displayQuota } from '../../lib/format';
import { SELF_QUERY_KEY } from '../../api/resources/self';
import { submitPaymentForm } from '../../api/resources/topup';
import {
  SUBSCRIPTIONS_QUERY_KEY,
  buyWithBalance,
  fetchMySubscriptions,
  fetchPlans,
  saveBillingPreference,
  startPlanEpay,
  startPlanStripe,
} from '../../api/resources/subscription';

const dateOf = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/** The wallet's subscription card: the plans to buy (a purchase dialog paying with the balance), one's subscriptions and billing preference. */
export function MySubscriptionsCard() {
  const { t } = useTranslation('subscription');
  const status = useStatus();
  const client = useQueryClient();
  const plans = useQuery({ queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'plans'], queryFn: fetchPlans });
  const mine = useQuery({ queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'self'], queryFn: fetchMySubscriptions });
  const [buying, setBuying] = useState<SubscriptionPlan | null>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
      client.invalidateQueries({ queryKey: SELF_QUERY_KEY }),
    ]);
  const buy = useMutation({
    mutationFn: (planId: number) => buyWithBalance(planId),
    onSuccess: async () => {
      toast.success(t('purchase.done'));
      setBuying(null);
      await refresh();
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const online = useMutation({
    mutationFn: async ({ planId, method }: { planId: number; method: string }) => {
      if (method === 'stripe') window.location.assign((await startPlanStripe(planId)).pay_link);
      else submitPaymentForm(await startPlanEpay(planId, method));
    },
    onSuccess: () => toast.info(t('purchase.redirecting')),
    onError: (error: Error) => toast.error(error.message),
  });
  const preference = useMutation({
    mutationFn: saveBillingPreference,
    onSuccess: async () => {
      toast.success(t('preference.saved'));
      await refresh();
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const quota = (amount: number) => (amount === 0 ? t('unlimited') : displayQuota(amount, status));
  const planTitle = (id: number) => plans.data?.find((entry) => entry.plan.id === id)?.plan.title ?? `#${id}`;

  if ((plans.data?.length ?? 0) === 0 && (mine.data?.all_subscriptions.length ?? 0) === 0) return null;
  return (
    <Card title={t('title')} data-testid="subscription-card">
      <Flex vertical gap={16}>
        <List
          dataSource={plans.data ?? []}
          locale={{ emptyText: <Empty description={t('noPlans')} /> }}
          renderItem={({ plan }) => (
            <List.Item
              key={plan.id}
              data-testid={`subscription-plan-${plan.id}`}
              actions={[
                <Button
                  key="buy"
                  type="primary"
                  onClick={() => setBuying(plan)}
                  data-testid={`subscription-buy-${plan.id}`}
                >
                  {t('purchase.open')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={plan.title}
                description={
                  plan.subtitle ||
                  t('planSummary', {
                    price: plan.price_amount,
                    currency: plan.currency,
                    quota: quota(plan.total_amount),
                  })
                }
              />
            </List.Item>
          )}
        />
        {mine.data ? (
          <Flex vertical gap={8}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text>{t('preference.label')}</Typography.Text>
              <Select
                value={mine.data.billing_preference}
                style={{ width: 220 }}
                loading={preference.isPending}
                onChange={(value) => preference.mutate(value)}
                options={BILLING_PREFERENCES.map((value) => ({ value, label: t(`preference.${value}`) }))}
                data-testid="subscription-preference"
              />
            </Flex>
            <Typography.Title level={5}>{t('mine')}</Typography.Title>
            {mine.data.all_subscriptions.length === 0 ? (
              <Typography.Text type="secondary">{t('none')}</Typography.Text>
            ) : (
              <List
                dataSource={mine.data.all_subscriptions}
                renderItem={({ subscription }: { subscription: UserSubscription }) => (
                  <List.Item key={subscription.id} data-testid={`my-subscription-${subscription.id}`}>
                    <Flex gap={8} wrap align="center">
                      <Typography.Text strong>{planTitle(subscription.plan_id)}</Typography.Text>
                      <Tag color={subscription.status === 'active' ? 'green' : 'default'}>
                        {t(`status.${subscription.status}`)}
                      </Tag>
                      <Typography.Text>
                        {t('usage', {
                          used: displayQuota(subscription.amount_used, status),
                          total: quota(subscription.amount_total),
                        })}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t('ends', { time: dateOf(subscription.end_time) })}
                      </Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
            )}
          </Flex>
        ) : null}
      </Flex>
      <Modal
        open={buying !== null}
        title={t('purchase.title')}
        onCancel={() => setBuying(null)}
        footer={null}
        destroyOnHidden
      >
        {buying ? (
          <Flex vertical gap={16}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('fields.title')}>{buying.title}</Descriptions.Item>
              <Descriptions.Item
                label={t('fields.price')}
              >{`${buying.price_amount} ${buying.currency}`}</Descriptions.Item>
              <Descriptions.Item label={t('fields.quota')}>{quota(buying.total_amount)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.duration')}>
                {buying.duration_unit === 'custom'
                  ? t('duration.seconds', { count: buying.custom_seconds })
                  : t(`duration.${buying.duration_unit}`, { count: buying.duration_value })}
              </Descriptions.Item>
            </Descriptions>
            <Button
              type="primary"
              block
              disabled={buying.allow_balance_pay === false}
              loading={buy.isPending}
              onClick={() => buy.mutate(buying.id)}
              data-testid="subscription-pay-balance"
            >
              {t('purchase.balance')}
            </Button>
            {status.enable_online_topup
              ? PAYMENT_METHODS.map((method) => (
                  <Button
                    key={method}
                    block
                    loading={online.isPending}
                    onClick={() => online.mutate({ planId: buying.id, method })}
                    data-testid={`subscription-pay-${method}`}
                  >
                    {t('purchase.epay', { method: t(`purchase.methods.${method}`) })}
                  </Button>
                ))
              : null}
            {status.enable_stripe_topup && buying.stripe_price_id !== '' ? (
              <Button
                block
                loading={online.isPending}
                onClick={() => online.mutate({ planId: buying.id, method: 'stripe' })}
                data-testid="subscription-pay-stripe"
              >
                {t('purchase.stripe')}
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </Modal>
    </Card>
  );
}
