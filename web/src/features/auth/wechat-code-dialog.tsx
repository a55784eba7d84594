import { Flex, Form, Image, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { useBusyAttempt } from '../../components/use-busy-attempt';

interface WechatCodeDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Resolves when the code was accepted; a rejection keeps the dialog open. */
  onSubmit: (code: string) => Promise<void>;
}

/** The WeChat QR code to follow the official account, and the code it replies with. */
export function WechatCodeDialog({ open, title, onClose, onSubmit }: WechatCodeDialogProps) {
  const { t } = useTranslation('auth');
  const status = useStatus();
  const [code, setCode] = useState('');
  const { busy, attempt } = useBusyAttempt();
  const submit = async () => {
    if (!code.trim()) return;
    // On a refusal the user may try another code.
    await attempt(async () => {
      await onSubmit(code.trim());
      setCode('');
    });
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, disabled: !code.trim() }}
      okText={t('wechat.submit')}
      destroyOnHidden
    >
      <Flex vertical align="center" gap={12}>
        {status.wechat_qrcode ? <Image src={status.wechat_qrcode} width={200} preview={false} alt="" /> : null}
        <Typography.Text type="secondary">{t('wechat.hint')}</Typography.Text>
        <Form style={{ width: '100%' }} onFinish={() => void submit()}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t('wechat.codePlaceholder')}
            data-testid="wechat-code"
          />
        </Form>
      </Flex>
    </Modal>
  );
}
