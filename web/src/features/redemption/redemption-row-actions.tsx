import { RedemptionStatus, type RedemptionView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { modals, toast } from '../../components/feedback';
import { RowActions } from '../../components/row-actions';
import { deleteRedemption, REDEMPTIONS_QUERY_KEY, setRedemptionStatus } from '../../api/resources/redemption';

interface RedemptionRowActionsProps {
  code: RedemptionView;
  onEdit: (code: RedemptionView) => void;
}

/** Copy as the main action; view, enable or disable (not for a used code), edit (unused codes only) and delete under "more". */
export function RedemptionRowActions({ code, onEdit }: RedemptionRowActionsProps) {
  const { t } = useTranslation('redemption');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: REDEMPTIONS_QUERY_KEY });

  const toggle = useMutation({
    mutationFn: (status: number) => setRedemptionStatus(code.id, status),
    onSuccess: async (_data, status) => {
      toast.success(status === RedemptionStatus.Unused ? t('messages.enabled') : t('messages.disabled'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteRedemption(code.id),
    onSuccess: async () => {
      toast.success(t('messages.deleted'));
      await refresh();
    },
  });

  const view = () =>
    modals().info({
      title: t('viewTitle'),
      content: (
        <Typography.Paragraph copyable={{ text: code.key }} style={{ wordBreak: 'break-all' }}>
          <code data-testid="redemption-key-text">{code.key}</code>
        </Typography.Paragraph>
      ),
      okText: t('common:actions.close'),
      width: 520,
    });

  const used = code.status === RedemptionStatus.Used;
  const unused = code.status === RedemptionStatus.Unused;
  return (
    <RowActions
      main={
        <Button size="small" onClick={() => void copyText(code.key, { successMessage: t('messages.keyCopied') })} data-testid="redemption-copy">
          {t('actions.copy')}
        </Button>
      }
      testId="redemption-more"
      more={[
        { key: 'view', label: t('actions.view'), onClick: view, testId: 'redemption-view' },
        !used && {
          key: 'toggle',
          label: unused ? t('actions.disable') : t('actions.enable'),
          disabled: toggle.isPending,
          onClick: () => toggle.mutate(unused ? RedemptionStatus.Disabled : RedemptionStatus.Unused),
          testId: 'redemption-toggle',
        },
        {
          key: 'edit',
          label: unused ? t('actions.edit') : <Tooltip title={t('messages.editOnlyUnused')}>{t('actions.edit')}</Tooltip>,
          disabled: !unused,
          onClick: () => onEdit(code),
          testId: 'redemption-edit',
        },
        {
          key: 'delete',
          label: t('actions.delete'),
          danger: true,
          confirm: { title: t('messages.deleteConfirm', { name: code.name }), description: t('messages.deleteHint') },
          onClick: () => remove.mutateAsync(),
          testId: 'redemption-delete',
        },
      ]}
    />
  );
}
