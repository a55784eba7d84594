import type { StatusData } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayQuota } from '../../lib/format';
import { fetchUser } from '../../api/resources/user';

/**
 * Spec 001 §3 "User (admin view in the log dialog)": username, quota, used quota, request count, group.
 * A refusal (nobody reads a user of the same or a higher role) is shown inside the dialog.
 */
export function UserInfoDialog({
  userId,
  status,
  onClose,
}: {
  userId: number | null;
  status: StatusData;
  onClose: () => void;
}) {
  const { t } = useTranslation('log');
  const query = useQuery({
    queryKey: ['log', 'user', userId],
    queryFn: () => fetchUser(userId ?? 0),
    enabled: userId !== null,
  });
  const user = query.data;
  return (
    <Modal open={userId !== null} title={t('userDialog.title')} footer={null} onCancel={onClose} destroyOnHidden>
      {user ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          data-testid="log-user-dialog"
          items={[
            { key: 'username', label: t('userDialog.username'), children: user.username },
            { key: 'quota', label: t('userDialog.quota'), children: displayQuota(user.quota, status) },
            { key: 'used', label: t('userDialog.usedQuota'), children: displayQuota(user.used_quota, status) },
            { key: 'requests', label: t('userDialog.requestCount'), children: user.request_count },
            { key: 'group', label: t('userDialog.group'), children: user.group },
          ]}
        />
      ) : query.isError ? (
        <Alert type="error" showIcon title={query.error.message} data-testid="log-user-dialog-error" />
      ) : (
        <Spin spinning={query.isFetching} />
      )}
    </Modal>
  );
}
