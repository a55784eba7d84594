import { RedemptionStatus, type RedemptionView } from '@switchboard/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowActions, useToggleAndDelete } from '../../components/row-actions';
import { secretActions } from '../../components/show-secret';
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

  const secret = secretActions(t, {
    secret: async () => code.key,
    testIdPrefix: 'redemption',
    view: { label: t('actions.view'), testId: 'redemption-view' },
    title: t('viewTitle'),
    width: 520,
  });

  const used = code.status === RedemptionStatus.Used;
  return (
    <RowActions
      main={secret.copy}
      testId="redemption-more"
      more={[
        secret.view,
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
