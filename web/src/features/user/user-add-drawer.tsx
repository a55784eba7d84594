import { useTranslation } from 'react-i18next';
import { CheckedFormDrawer, useCheckedForm } from '../../components/checked-form-drawer';
import { toast } from '../../components/feedback';
import { createUser, USERS_QUERY_KEY } from '../../api/resources/user';
import { passwordLengthOk, userFormProblemText } from './user-form';
import { DisplayNameField, NewPasswordField, UsernameField } from './user-name-fields';

const EMPTY = { username: '', displayName: '', password: '' };

/** The add-user side panel: username, display name, password (spec 000 §2, §5). */
export function UserAddDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  const editor = useCheckedForm(
    { open, onClose, record: null },
    {
      initial: () => EMPTY,
      check: (form: typeof EMPTY) => {
        if (form.username.trim() === '' || form.password === '') return 'credentialsRequired';
        return passwordLengthOk(form.password) ? null : 'passwordLength';
      },
      problemText: (problem) =>
        problem === 'credentialsRequired'
          ? t('common:credentials.credentialsRequired')
          : userFormProblemText(t, problem),
      save: (form: typeof EMPTY) =>
        createUser({ username: form.username.trim(), display_name: form.displayName.trim(), password: form.password }),
      invalidate: USERS_QUERY_KEY,
      onSaved: (_created, form) => toast.success(t('messages.created', { name: form.username.trim() })),
    },
  );

  return (
    <CheckedFormDrawer
      editor={editor}
      size={480}
      title={t('add.title')}
      cancelText={t('form.cancel')}
      submitText={t('form.submit')}
      testIdPrefix="user-add"
    >
      <UsernameField placeholder={t('form.usernamePlaceholder')} testId="user-add-username" />
      <DisplayNameField testId="user-add-display-name" />
      <NewPasswordField required testId="user-add-password" />
    </CheckedFormDrawer>
  );
}
