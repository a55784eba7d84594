import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type UserView } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { forgetUserQueries } from '../../../api/query-client';
import { clearStoredUser } from '../../../api/session';
import { copyText } from '../../../components/clipboard';
import { toast } from '../../../components/feedback';
import { deleteSelf, generateAccessToken, updateSelf } from '../../../api/resources/self';
import { useBusyAttempt } from '../../../components/use-busy-attempt';

interface PasswordValues {
  original_password?: string;
  password?: string;
  password2?: string;
}

/** The system access token, the password change and deleting one's own account. */
export function AccountCard({ user }: { user: UserView }) {
  const { t } = useTranslation('personal');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accessToken, setAccessToken] = useState('');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [confirmName, setConfirmName] = useState('');
  const { busy, attempt } = useBusyAttempt();

  const newToken = () =>
    attempt(async () => {
      const token = await generateAccessToken();
      setAccessToken(token);
      await copyText(token, { successMessage: t('account.tokenCopied') });
    });

  const changePassword = (values: PasswordValues) => {
    const password = values.password ?? '';
    if (!values.original_password) return toast.error(t('account.originalRequired'));
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      return toast.error(
        t('common:credentials.passwordLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
      );
    }
    if (password !== values.password2) return toast.error(t('account.passwordsDiffer'));
    return attempt(async () => {
      await updateSelf({ original_password: values.original_password, password });
      toast.success(t('account.passwordChanged'));
      setPasswordOpen(false);
    });
  };

  const deregister = () => {
    if (confirmName !== user.username) return toast.error(t('account.deleteMismatch'));
    return attempt(async () => {
      await deleteSelf();
      toast.success(t('account.deleted'));
      forgetUserQueries(queryClient);
      clearStoredUser();
      void navigate('/login', { replace: true });
    });
  };

  return (
    <Card title={t('account.title')} data-testid="account-card">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <Button onClick={() => void newToken()} loading={busy} data-testid="generate-access-token">
            {t('account.generateToken')}
          </Button>
          <Button onClick={() => void navigate('/user/edit')} data-testid="edit-profile">
            {t('account.editProfile')}
          </Button>
          <Button onClick={() => setPasswordOpen(true)} data-testid="change-password">
            {t('account.changePassword')}
          </Button>
          <Button danger onClick={() => setDeleteOpen(true)} data-testid="delete-account">
            {t('account.delete')}
          </Button>
        </Flex>
        {accessToken ? (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">{t('account.tokenHint')}</Typography.Text>
            <Typography.Text code copyable data-testid="access-token">
              {accessToken}
            </Typography.Text>
          </Flex>
        ) : null}
      </Flex>
      <Modal
        open={passwordOpen}
        title={t('account.changePassword')}
        footer={null}
        onCancel={() => setPasswordOpen(false)}
        destroyOnHidden
      >
        <Form<PasswordValues> layout="vertical" onFinish={(values) => void changePassword(values)}>
          <Form.Item name="original_password" label={t('account.originalPassword')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="password" label={t('account.newPassword')}>
            <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
          </Form.Item>
          <Form.Item name="password2" label={t('account.confirmPassword')}>
            <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('account.save')}
          </Button>
        </Form>
      </Modal>
      <Modal
        open={deleteOpen}
        title={t('account.deleteTitle')}
        okButtonProps={{ danger: true }}
        okText={t('account.deleteConfirm')}
        confirmLoading={busy}
        onOk={() => void deregister()}
        onCancel={() => setDeleteOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text type="danger">{t('account.deleteWarning')}</Typography.Text>
          <Input
            value={confirmName}
            onChange={(event) => setConfirmName(event.target.value)}
            placeholder={t('account.deletePlaceholder', { username: user.username })}
            data-testid="delete-account-name"
          />
        </Flex>
      </Modal>
    </Card>
  );
}
