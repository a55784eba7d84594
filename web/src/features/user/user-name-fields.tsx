import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@switchboard/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  testId: string;
}

/** The display name of the add and edit panels. */
export function DisplayNameField({ value, onChange, testId }: TextFieldProps) {
  const { t } = useTranslation('user');
  return (
    <Form.Item label={t('form.displayName')}>
      <Input
        value={value}
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        placeholder={t('form.displayNamePlaceholder')}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** A new password, with the length hint: required when adding a user, left empty to keep it when editing. */
export function NewPasswordField({
  value,
  onChange,
  testId,
  required,
  placeholder,
}: TextFieldProps & { required: boolean; placeholder?: string }) {
  const { t } = useTranslation('user');
  return (
    <Form.Item label={t('form.password')} required={required} extra={t('form.passwordHint')}>
      <Input.Password
        value={value}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </Form.Item>
  );
}
