import { PAYMENT_METHODS, type PaymentMethod } from '@switchboard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { fetchAmountPayable, startPayment, submitPaymentForm } from '../../api/resources/topup';
import { WholeNumberInput } from '../../components/whole-number-input';

interface Confirmation {
  amount: number;
  payable: string;
  method: PaymentMethod;
}

/** How long typing must pause before the amount payable is asked for. */
const PAYABLE_DELAY_MS = 400;
const payableKey = (amount: number) => ['topup', 'payable', amount] as const;

/** The amount typed, once typing has paused. */
function useSettled(value: number | null): number | null {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PAYABLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Online top-up by amount with zfb or wx: the amount payable shows as one types; check, confirm, then go to
 * the gateway. Without online top-up set up, the card says so instead of offering buttons that cannot work.
 */
export function OnlineTopUpCard() {
  const { t } = useTranslation('topup');
  const status = useStatus();
  const client = useQueryClient();
  const minimum = Math.max(1, status.min_topup);
  const [amount, setAmount] = useState<number | null>(minimum);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const settled = useSettled(amount);
  const payableOk = settled !== null && settled >= status.min_topup && settled >= 1;
  const live = useQuery({
    queryKey: payableKey(settled ?? 0),
    queryFn: () => fetchAmountPayable(settled ?? 0),
    enabled: status.enable_online_topup && payableOk,
  });

  const price = useMutation({
    mutationFn: async ({ value, method }: { value: number; method: PaymentMethod }) => ({
      amount: value,
      method,
      payable: await client.fetchQuery({ queryKey: payableKey(value), queryFn: () => fetchAmountPayable(value) }),
    }),
    onSuccess: setConfirmation,
  });
  const pay = useMutation({
    mutationFn: (chosen: Confirmation) => startPayment(chosen.amount, chosen.method),
    onSuccess: (payment) => {
      toast.info(t('online.redirecting'));
      submitPaymentForm(payment);
    },
  });

  const choose = (method: PaymentMethod) => {
    if (amount === null || amount < status.min_topup) {
      toast.error(t('online.belowMinimum', { min: status.min_topup }));
      return;
    }
    price.mutate({ value: amount, method });
  };

  if (!status.enable_online_topup) {
    return (
      <Card title={t('online.title')}>
        <Alert type="info" showIcon title={t('online.disabled')} data-testid="topup-online-off" />
      </Card>
    );
  }
  return (
    <Card title={t('online.title')}>
      <Flex gap={8} wrap align="center">
        <WholeNumberInput
          min={1}
          step={1}
          value={amount}
          onChange={setAmount}
          prefix="$"
          style={{ width: 200 }}
          data-testid="topup-amount"
        />
        {PAYMENT_METHODS.map((method) => (
          <Button
            key={method}
            loading={price.isPending && price.variables.method === method}
            onClick={() => choose(method)}
            data-testid={`topup-pay-${method}`}
          >
            {t(`online.pay.${method}`)}
          </Button>
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('online.amountHint', { min: status.min_topup })}
      </Typography.Text>
      <Typography.Text strong style={{ display: 'block', marginTop: 8 }} data-testid="topup-live-payable">
        {t('online.livePayable', {
          value: payableOk && settled === amount && live.data !== undefined ? live.data : '—',
        })}
      </Typography.Text>
      <Modal
        open={confirmation !== null}
        title={t('online.confirmTitle')}
        okText={t('online.confirmOk')}
        cancelText={t('online.confirmCancel')}
        confirmLoading={pay.isPending}
        onOk={() => confirmation && pay.mutate(confirmation)}
        onCancel={() => setConfirmation(null)}
        data-testid="topup-confirm"
      >
        {confirmation ? (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('online.confirmAmount')}>
              <span data-testid="topup-confirm-amount">${confirmation.amount}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('online.confirmPayable')}>
              <span data-testid="topup-confirm-payable">{confirmation.payable}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('online.confirmMethod')}>
              {t(`online.pay.${confirmation.method}`)}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Modal>
    </Card>
  );
}
