import { RedemptionStatus, type RedemptionView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { modals, toast } from '../../components/feedback';
import { deleteRedemption, REDEMPTIONS_QUERY_KEY, setRedemptionStatus } from './redemption-api';

interface RedemptionRowActionsProps {
  code: RedemptionView;
  onEdit: (code: RedemptionView) => void;
}

/** View, copy, delete, enable or disable (not for a used code), edit (unused codes only). */
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
    <Space size={4} wrap>
      <Button size="small" onClick={view} data-testid="redemption-view">
        {t('actions.view')}
      </Button>
      <Button size="small" onClick={() => void copyText(code.key, { successMessage: t('messages.keyCopied') })} data-testid="redemption-copy">
        {t('actions.copy')}
      </Button>
      <Popconfirm
        title={t('messages.deleteConfirm', { name: code.name })}
        description={t('messages.deleteHint')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutateAsync()}
      >
        <Button size="small" danger loading={remove.isPending} data-testid="redemption-delete">
          {t('actions.delete')}
        </Button>
      </Popconfirm>
      {used ? null : (
        <Button
          size="small"
          loading={toggle.isPending}
          onClick={() => toggle.mutate(unused ? RedemptionStatus.Disabled : RedemptionStatus.Unused)}
          data-testid="redemption-toggle"
        >
          {unused ? t('actions.disable') : t('actions.enable')}
        </Button>
      )}
      <Tooltip title={unused ? null : t('messages.editOnlyUnused')}>
        <Button size="small" type="link" disabled={!unused} onClick={() => onEdit(code)} data-testid="redemption-edit">
          {t('actions.edit')}
        </Button>
      </Tooltip>
    </Space>
  );
}
