import { displayedAmountOf, quotaOfDisplayedAmount, type UserView } from '@switchboard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, InputNumber, Modal, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../api/resources/status';
import { copyText } from '../../../components/clipboard';
import { toast } from '../../../components/feedback';
import { AFF_QUERY_KEY, fetchAffCode, SELF_QUERY_KEY, transferAffQuota } from '../../../api/resources/self';
import { useDisplayQuota } from '../../../lib/format';

/** Pending invite earnings (with the transfer into the balance), total earnings, invitees and the invite link. */
export function InviteCard({ user }: { user: UserView }) {
  const { t } = useTranslation('personal');
  const status = useStatus();
  const money = useDisplayQuota();
  const queryClient = useQueryClient();
  const aff = useQuery({ queryKey: AFF_QUERY_KEY, queryFn: fetchAffCode });
  const [transferOpen, setTransferOpen] = useState(false);
  const unit = { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit };
  // Typed in the unit every label shows (dollars, or quota units when the site shows units).
  const [amount, setAmount] = useState<string | null>(displayedAmountOf(user.aff_quota, unit));
  const transfer = useMutation({
    mutationFn: transferAffQuota,
    onSuccess: async () => {
      toast.success(t('invite.transferred'));
      setTransferOpen(false);
      await queryClient.invalidateQueries({ queryKey: SELF_QUERY_KEY });
    },
  });
  const link = aff.data ? `${window.location.origin}/register?aff=${aff.data}` : '';
  const submitTransfer = () => {
    const typed = quotaOfDisplayedAmount(amount ?? '', unit);
    if (typed === null || typed < status.quota_per_unit) {
      toast.error(t('invite.minimum', { amount: money(status.quota_per_unit) }));
      return;
    }
    // The pending amount as shown is rounded to the cent: typing it moves all of it, not a rounded-up share.
    const everything = typed > user.aff_quota && money(typed) === money(user.aff_quota);
    transfer.mutate(everything ? user.aff_quota : typed);
  };

  return (
    <Card title={t('invite.title')} data-testid="invite-card">
      <Flex vertical gap={16}>
        <Flex gap={48} wrap align="flex-end">
          <Statistic title={t('invite.pending')} value={money(user.aff_quota)} />
          <Statistic title={t('invite.total')} value={money(user.aff_history_quota)} />
          <Statistic title={t('invite.count')} value={user.aff_count} />
          <Button
            type="primary"
            disabled={user.aff_quota <= 0}
            onClick={() => {
              setAmount(displayedAmountOf(user.aff_quota, unit));
              setTransferOpen(true);
            }}
            data-testid="invite-transfer"
          >
            {t('invite.transfer')}
          </Button>
        </Flex>
        <Typography.Text type="secondary">{t('invite.linkHint')}</Typography.Text>
        <Flex gap={8}>
          <Input value={link} readOnly data-testid="invite-link" />
          <Button disabled={!link} onClick={() => void copyText(link)}>
            {t('common:actions.copy')}
          </Button>
        </Flex>
      </Flex>
      <Modal
        open={transferOpen}
        title={t('invite.transferTitle')}
        onCancel={() => setTransferOpen(false)}
        onOk={submitTransfer}
        confirmLoading={transfer.isPending}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text>{t('invite.available', { amount: money(user.aff_quota) })}</Typography.Text>
          <InputNumber<string>
            stringMode
            value={amount}
            min="0"
            precision={unit.inCurrency ? 2 : 0}
            prefix={unit.inCurrency ? '$' : undefined}
            style={{ width: '100%' }}
            onChange={setAmount}
            data-testid="invite-transfer-amount"
          />
          <Typography.Text type="secondary">
            {t(unit.inCurrency ? 'invite.amountInDollars' : 'invite.amountInUnits')}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('invite.minimum', { amount: money(status.quota_per_unit) })}
          </Typography.Text>
        </Flex>
      </Modal>
    </Card>
  );
}
