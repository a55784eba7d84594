import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';

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
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const trimmed = code.trim();
    if (!trimmed) return toast.error(t('code.required'));
    setBusy(true);
    try {
      await onSubmit(trimmed);
      setCode('');
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(false);
    }
  };

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
