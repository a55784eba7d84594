import { PAYMENT_METHODS, type PaymentMethod } from '@switchboard/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/status';
import { toast } from '../../components/feedback';
import { fetchAmountPayable, startPayment, submitPaymentForm } from './topup-api';

interface Confirmation {
  amount: number;
  payable: string;
  method: PaymentMethod;
}

/** Online top-up by amount with zfb or wx: check, confirm the amount payable, then go to the gateway. */
export function OnlineTopUpCard() {
  const { t } = useTranslation('topup');
  const status = useStatus();
  const minimum = Math.max(1, status.min_topup);
  const [amount, setAmount] = useState<number | null>(minimum);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const price = useMutation({
    mutationFn: async ({ value, method }: { value: number; method: PaymentMethod }) => ({
      amount: value,
      method,
      payable: await fetchAmountPayable(value),
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
    if (!status.enable_online_topup) {
      toast.error(t('online.disabled'));
      return;
    }
    if (amount === null || amount < status.min_topup) {
      toast.error(t('online.belowMinimum', { min: status.min_topup }));
      return;
    }
    price.mutate({ value: amount, method });
  };

  return (
    <Card title={t('online.title')}>
      <Flex gap={8} wrap align="center">
        <InputNumber
          min={1}
          step={1}
          precision={0}
          value={amount}
          onChange={(value) => setAmount(typeof value === 'number' ? value : null)}
          prefix="$"
          style={{ width: 200 }}
          data-testid="topup-amount"
        />
        {PAYMENT_METHODS.map((method) => (
          <Button key={method} loading={price.isPending && price.variables.method === method} onClick={() => choose(method)} data-testid={`topup-pay-${method}`}>
            {t(`online.pay.${method}`)}
          </Button>
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('online.amountHint', { min: status.min_topup })}
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
            <Descriptions.Item label={t('online.confirmMethod')}>{t(`online.pay.${confirmation.method}`)}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Modal>
    </Card>
  );
}
