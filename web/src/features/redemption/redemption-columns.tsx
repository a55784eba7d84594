import type { RedemptionView } from '@switchboard/contract';
import { actionsColumn, type EditableListColumns } from '../../components/list-columns';
import { displayQuota, formatTime } from '../../lib/format';
import { RedemptionRowActions } from './redemption-row-actions';
import { RedemptionStatusTag } from './redemption-status-tag';

/** Id, name, status, quota, created, redeemer id and the row actions (spec 001 Redemption page). */
export const redemptionColumns: EditableListColumns<RedemptionView> = (t, status, onEdit) => [
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
  actionsColumn(t('columns.actions'), (code) => <RedemptionRowActions code={code} onEdit={onEdit} />),
];
