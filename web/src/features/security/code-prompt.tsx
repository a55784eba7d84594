import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeEntry } from './use-code-entry';

interface CodePromptProps {
  open: boolean;
  title: string;
  /** Backup codes count too (disable, verify); regenerating takes an app code only. */
  acceptsBackupCodes: boolean;
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for a two-factor code before a change to the account's sign-in. */
export function CodePrompt({ open, title, acceptsBackupCodes, onSubmit, onClose }: CodePromptProps) {
  const { t } = useTranslation('security');
  const { code, setCode, busy, submit } = useCodeEntry(onSubmit, 'sent');

  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={() => {
        setCode('');
        onClose();
      }}
      okButtonProps={{ 'data-testid': 'code-prompt-submit' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('code.label')}</Typography.Paragraph>
      <Input
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={() => void submit()}
        placeholder={acceptsBackupCodes ? t('code.anyPlaceholder') : t('code.totpPlaceholder')}
        autoComplete="one-time-code"
        autoFocus
        data-testid="code-prompt-input"
      />
    </Modal>
  );
}
