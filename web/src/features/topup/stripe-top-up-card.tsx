import { useMutation, useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { fetchStripePayable, startStripeCheckout } from '../../api/resources/topup';
import { WholeNumberInput } from '../../components/whole-number-input';
import { MutationButton } from '../../components/mutation-button';

/** Card payment through Stripe Checkout (shown only when an administrator set Stripe up): the price as one types, then Stripe's page. */
export function StripeTopUpCard() {
  const status = useStatus();
  if (!status.enable_stripe_topup) return null;
  return <StripeCheckout minimum={Math.max(1, status.stripe_min_topup)} />;
}

function StripeCheckout({ minimum }: { minimum: number }) {
  const { t } = useTranslation('topup');
  const [amount, setAmount] = useState<number | null>(minimum);
  const valid = amount !== null && amount >= minimum;
  const payable = useQuery({
    queryKey: ['stripe-payable', amount],
    queryFn: () => fetchStripePayable(amount ?? 0),
    enabled: valid,
    retry: false,
  });
  const checkout = useMutation({
    mutationFn: () => startStripeCheckout(amount ?? 0),
    onSuccess: ({ pay_link }) => {
      toast.info(t('online.redirecting'));
      window.location.assign(pay_link);
    },
    onError: (error: Error) => toast.error(error.message),
  });

  return (
    <Card title={t('stripe.title')} data-testid="stripe-card">
      <Flex gap={12} wrap align="center">
        <WholeNumberInput
          min={minimum}
          max={10_000}
          step={1}
          value={amount}
          onChange={setAmount}
          style={{ width: 200 }}
          data-testid="stripe-amount"
        />
        <Typography.Text data-testid="stripe-payable">
          {valid ? t('stripe.payable', { money: payable.data ?? '…' }) : t('online.belowMinimum', { min: minimum })}
        </Typography.Text>
        <MutationButton type="primary" disabled={!valid} mutation={checkout} data-testid="stripe-pay">
          {t('stripe.pay')}
        </MutationButton>
      </Flex>
      {payable.error ? <Typography.Text type="danger">{payable.error.message}</Typography.Text> : null}
    </Card>
  );
}
