import { RedemptionStatus, type RedemptionView } from '@switchboard/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { RowActions, useToggleAndDelete } from '../../components/row-actions';
import { showSecret } from '../../components/show-secret';
import { deleteRedemption, REDEMPTIONS_QUERY_KEY, setRedemptionStatus } from '../../api/resources/redemption';

/** A usable code is switched off and back; a used one stays used. */
const TOGGLED = { on: RedemptionStatus.Unused, off: RedemptionStatus.Disabled };

interface RedemptionRowActionsProps {
  code: RedemptionView;
  onEdit: (code: RedemptionView) => void;
}

/** Copy as the main action; view, enable or disable (not for a used code), edit (unused codes only) and delete under "more". */
export function RedemptionRowActions({ code, onEdit }: RedemptionRowActionsProps) {
  const { t } = useTranslation('redemption');
  const unused = code.status === RedemptionStatus.Unused;
  const { toggle, remove } = useToggleAndDelete(t, {
    queryKey: REDEMPTIONS_QUERY_KEY,
    on: unused,
    statuses: TOGGLED,
    setStatus: (status) => setRedemptionStatus(code.id, status),
    remove: () => deleteRedemption(code.id),
    name: code.name,
    testIdPrefix: 'redemption',
  });

  const view = () =>
    showSecret({
      title: t('viewTitle'),
      secret: code.key,
      closeText: t('common:actions.close'),
      width: 520,
      testId: 'redemption-key-text',
    });

  const used = code.status === RedemptionStatus.Used;
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
        !used && toggle,
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
        remove,
      ]}
    />
  );
}
