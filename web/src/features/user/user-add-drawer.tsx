import { USERNAME_MAX_LENGTH } from '@switchboard/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { FormDrawer } from '../../components/form-drawer';
import { useDrawerForm } from '../../components/use-drawer-form';
import { createUser, USERS_QUERY_KEY } from '../../api/resources/user';
import { passwordLengthOk, userFormProblemText } from './user-form';
import { DisplayNameField, NewPasswordField } from './user-name-fields';

const EMPTY = { username: '', displayName: '', password: '' };

/** The add-user side panel: username, display name, password (spec 000 §2, §5). */
export function UserAddDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { values, change, submit, submitting } = useDrawerForm({
    open,
    record: null,
    initial: () => EMPTY,
    check: (form: typeof EMPTY) => {
      if (form.username.trim() === '' || form.password === '') return 'credentialsRequired';
      return passwordLengthOk(form.password) ? null : 'passwordLength';
    },
    problemText: (problem) =>
      problem === 'credentialsRequired' ? t('common:credentials.credentialsRequired') : userFormProblemText(t, problem),
    save: (form: typeof EMPTY) =>
      createUser({ username: form.username.trim(), display_name: form.displayName.trim(), password: form.password }),
    invalidate: USERS_QUERY_KEY,
    onSaved: () => {
      toast.success(t('messages.created', { name: values.username.trim() }));
      onClose();
    },
  });

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={480}
      title={t('add.title')}
      cancelText={t('form.cancel')}
      submitText={t('form.submit')}
      submitting={submitting}
      onSubmit={submit}
      submitTestId="user-add-submit"
    >
      <Form layout="vertical" onFinish={submit} data-testid="user-add-drawer">
        <Form.Item label={t('form.username')} required>
          <Input
            value={values.username}
            maxLength={USERNAME_MAX_LENGTH}
            placeholder={t('form.usernamePlaceholder')}
            onChange={(event) => change({ username: event.target.value })}
            data-testid="user-add-username"
          />
        </Form.Item>
        <DisplayNameField
          value={values.displayName}
          onChange={(displayName) => change({ displayName })}
          testId="user-add-display-name"
        />
        <NewPasswordField
          required
          value={values.password}
          onChange={(password) => change({ password })}
          testId="user-add-password"
        />
      </Form>
    </FormDrawer>
  );
}
