import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { FormDrawer } from '../../components/form-drawer';
import { createUser, USERS_QUERY_KEY } from '../../api/resources/user';
import { passwordLengthOk, userFormProblemText } from './user-form';

const EMPTY = { username: '', displayName: '', password: '' };

/** The add-user side panel: username, display name, password (spec 000 §2, §5). */
export function UserAddDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  const client = useQueryClient();
  const [values, setValues] = useState(EMPTY);

  useEffect(() => {
    if (open) setValues(EMPTY);
  }, [open]);

  const save = useMutation({
    mutationFn: () => createUser({ username: values.username.trim(), display_name: values.displayName.trim(), password: values.password }),
    onSuccess: async () => {
      toast.success(t('messages.created', { name: values.username.trim() }));
      await client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      onClose();
    },
  });

  const submit = () => {
    if (values.username.trim() === '' || values.password === '') return toast.error(t('common:credentials.credentialsRequired'));
    if (!passwordLengthOk(values.password)) return toast.error(userFormProblemText(t, 'passwordLength'));
    save.mutate();
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={480}
      title={t('add.title')}
      cancelText={t('form.cancel')}
      submitText={t('form.submit')}
      submitting={save.isPending}
      onSubmit={submit}
      submitTestId="user-add-submit"
    >
      <Form layout="vertical" onFinish={submit} data-testid="user-add-drawer">
        <Form.Item label={t('form.username')} required>
          <Input
            value={values.username}
            maxLength={USERNAME_MAX_LENGTH}
            placeholder={t('form.usernamePlaceholder')}
            onChange={(event) => setValues({ ...values, username: event.target.value })}
            data-testid="user-add-username"
          />
        </Form.Item>
        <Form.Item label={t('form.displayName')}>
          <Input
            value={values.displayName}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            placeholder={t('form.displayNamePlaceholder')}
            onChange={(event) => setValues({ ...values, displayName: event.target.value })}
            data-testid="user-add-display-name"
          />
        </Form.Item>
        <Form.Item label={t('form.password')} required extra={t('form.passwordHint')}>
          <Input.Password
            value={values.password}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            onChange={(event) => setValues({ ...values, password: event.target.value })}
            data-testid="user-add-password"
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
