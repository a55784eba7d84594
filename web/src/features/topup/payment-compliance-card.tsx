import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmCompliance, OPTIONS_QUERY_KEY, type OptionValues } from '../../api/resources/options';
import { STATUS_QUERY_KEY } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { MutationButton } from '../../components/mutation-button';

/** Payment settings: whether root has confirmed payment compliance, and the confirmation itself. */
export function PaymentComplianceCard({ options }: { options: OptionValues }) {
  const { t } = useTranslation('topup');
  const client = useQueryClient();
  const [ticked, setTicked] = useState(false);
  const confirm = useMutation({
    mutationFn: confirmCompliance,
    onSuccess: async () => {
      toast.success(t('compliance.done'));
      await Promise.all([
        client.invalidateQueries({ queryKey: OPTIONS_QUERY_KEY }),
        client.invalidateQueries({ queryKey: STATUS_QUERY_KEY }),
      ]);
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const confirmedAt = Number(options['payment_setting.compliance_confirmed_at'] ?? 0);
  return (
    <Card title={t('compliance.title')} data-testid="payment-compliance">
      {options['payment_setting.compliance_confirmed'] === 'true' ? (
        <Alert
          type="success"
          showIcon
          title={t('compliance.confirmed', {
            version: options['payment_setting.compliance_terms_version'] || 'v1',
            time: confirmedAt > 0 ? new Date(confirmedAt * 1000).toLocaleString() : '—',
          })}
          data-testid="payment-compliance-confirmed"
        />
      ) : (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('compliance.pending')} />
          <Typography.Paragraph>{t('compliance.terms')}</Typography.Paragraph>
          <Checkbox
            checked={ticked}
            onChange={(event) => setTicked(event.target.checked)}
            data-testid="payment-compliance-tick"
          >
            {t('compliance.tick')}
          </Checkbox>
          <MutationButton
            type="primary"
            disabled={!ticked}
            mutation={confirm}
            data-testid="payment-compliance-confirm"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('compliance.confirm')}
          </MutationButton>
        </Flex>
      )}
    </Card>
  );
}
