import { Flex, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback';
import { SendCodeButton } from '../../auth/send-code-button';
import { useHumanCheck } from '../../auth/use-human-check';
import { bindEmail } from '../../../api/resources/account';
import { useBusyAttempt } from '../../../components/use-busy-attempt';

interface EmailBindDialogProps {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

/** Binds (or changes) the account's email: a code is mailed to the new address and typed back. */
export function EmailBindDialog({ open, onClose, onBound }: EmailBindDialogProps) {
  const { t } = useTranslation('personal');
  const humanCheck = useHumanCheck();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { busy, attempt } = useBusyAttempt();
  const submit = async () => {
    if (!email.trim() || !code.trim()) {
      toast.error(t('bindings.emailCodeRequired'));
      return;
    }
    await attempt(async () => {
      await bindEmail(email.trim(), code.trim());
      toast.success(t('bindings.bound'));
      setCode('');
      onBound();
    });
  };
  return (
    <Modal
      open={open}
      title={t('bindings.emailTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'email-bind-submit' }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder={t('bindings.emailPlaceholder')}
            data-testid="email-bind-address"
          />
          <SendCodeButton email={() => email} turnstile={humanCheck.token} ready={humanCheck.ready} />
        </Space.Compact>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={t('bindings.codePlaceholder')}
          data-testid="email-bind-code"
        />
        {humanCheck.widget}
      </Flex>
    </Modal>
  );
}
