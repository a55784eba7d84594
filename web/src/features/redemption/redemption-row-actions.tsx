import { RedemptionStatus, type RedemptionView } from '@switchboard/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { RowActions } from '../../components/row-actions';
import { showSecret } from '../../components/show-secret';
import { useListMutation } from '../../components/use-list-mutation';
import { deleteRedemption, REDEMPTIONS_QUERY_KEY, setRedemptionStatus } from '../../api/resources/redemption';

interface RedemptionRowActionsProps {
  code: RedemptionView;
  onEdit: (code: RedemptionView) => void;
}

/** Copy as the main action; view, enable or disable (not for a used code), edit (unused codes only) and delete under "more". */
export function RedemptionRowActions({ code, onEdit }: RedemptionRowActionsProps) {
  const { t } = useTranslation('redemption');
  const toggle = useListMutation(
    REDEMPTIONS_QUERY_KEY,
    (status: number) => setRedemptionStatus(code.id, status),
    (status) => (status === RedemptionStatus.Unused ? t('messages.enabled') : t('messages.disabled')),
  );
  const remove = useListMutation(
    REDEMPTIONS_QUERY_KEY,
    () => deleteRedemption(code.id),
    () => t('messages.deleted'),
  );

  const view = () =>
    showSecret({
      title: t('viewTitle'),
      secret: code.key,
      closeText: t('common:actions.close'),
      width: 520,
      testId: 'redemption-key-text',
    });

  const used = code.status === RedemptionStatus.Used;
  const unused = code.status === RedemptionStatus.Unused;
  return (
    <RowActions
      main={
        <Button
          size="small"
          onClick={() => void copyText(code.key, { successMessage: t('messages.keyCopied') })}
          data-testid="redemption-copy"
        >
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
          label: unused ? (
            t('actions.edit')
          ) : (
            <Tooltip title={t('messages.editOnlyUnused')}>{t('actions.edit')}</Tooltip>
          ),
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
