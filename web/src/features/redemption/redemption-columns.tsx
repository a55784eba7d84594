import type { RedemptionView, StatusData } from '@switchboard/contract';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { displayQuota, formatTime } from '../../lib/format';
import { RedemptionRowActions } from './redemption-row-actions';
import { RedemptionStatusTag } from './redemption-status-tag';

/** Id, name, status, quota, created, redeemer id and the row actions (spec 001 Redemption page). */
export function redemptionColumns(
  t: TFunction,
  status: StatusData,
  onEdit: (code: RedemptionView) => void,
): ColumnsType<RedemptionView> {
  return [
    { title: t('columns.id'), dataIndex: 'id', key: 'id' },
    { title: t('columns.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_value, code) => <RedemptionStatusTag status={code.status} />,
    },
    { title: t('columns.quota'), key: 'quota', render: (_value, code) => displayQuota(code.quota, status) },
    { title: t('columns.created'), key: 'created', render: (_value, code) => formatTime(code.created_time) },
    {
      title: t('columns.redeemer'),
      key: 'redeemer',
      render: (_value, code) => (code.used_user_id === 0 ? t('values.nobody') : code.used_user_id),
    },
    // Kept in view at laptop widths while the other columns scroll sideways.
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, code) => <RedemptionRowActions code={code} onEdit={onEdit} />,
    },
  ];
}
