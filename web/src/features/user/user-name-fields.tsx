import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@switchboard/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The username of the add and edit panels. */
export function UsernameField({ testId, placeholder }: { testId: string; placeholder?: string }) {
  const { t } = useTranslation('user');
  return (
    <Form.Item name="username" label={t('form.username')} required>
      <Input maxLength={USERNAME_MAX_LENGTH} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}

/** The display name of the add and edit panels. */
export function DisplayNameField({ testId }: { testId: string }) {
  const { t } = useTranslation('user');
  return (
    <Form.Item name="displayName" label={t('form.displayName')}>
      <Input maxLength={DISPLAY_NAME_MAX_LENGTH} placeholder={t('form.displayNamePlaceholder')} data-testid={testId} />
    </Form.Item>
  );
}

/** A new password, with the length hint: required when adding a user, left empty to keep it when editing. */
export function NewPasswordField({
  testId,
  required,
  placeholder,
}: {
  testId: string;
  required: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation('user');
  return (
    <Form.Item name="password" label={t('form.password')} required={required} extra={t('form.passwordHint')}>
      <Input.Password
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        placeholder={placeholder}
        data-testid={testId}
      />
    </Form.Item>
  );
}
