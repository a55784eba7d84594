import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { modals, toast } from '../../components/feedback';
import { completeTopUpOrder, TOP_UP_ORDERS_QUERY_KEY } from '../../api/resources/topup';

/** Completes a pending order by hand after a confirmation; the server credits it once (a refusal shows its message). */
export function CompleteTopUpButton({ tradeNo }: { tradeNo: string }) {
  const { t } = useTranslation('topup');
  const client = useQueryClient();
  const complete = useMutation({
    mutationFn: () => completeTopUpOrder(tradeNo),
    onSuccess: async () => {
      toast.success(t('orders.completed'));
      await client.invalidateQueries({ queryKey: TOP_UP_ORDERS_QUERY_KEY });
    },
  });

  const confirm = () =>
    modals().confirm({
      title: t('orders.confirmTitle'),
      content: t('orders.confirmContent', { tradeNo }),
      okText: t('orders.complete'),
      cancelText: t('orders.cancel'),
      // The HTTP client already shows a refusal's message; swallowing it here lets the dialog close.
      onOk: () => complete.mutateAsync().catch(() => undefined),
    });

  return (
    <Button size="small" type="primary" loading={complete.isPending} onClick={confirm} data-testid="top-up-complete">
      {t('orders.complete')}
    </Button>
  );
}
