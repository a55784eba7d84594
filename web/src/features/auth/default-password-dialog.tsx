import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Flex, Modal, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

interface DefaultPasswordDialogProps {
  open: boolean;
  onChangePassword: () => void;
  onAcknowledge: () => void;
}

/** Shown after root signs in with the password the first start created. */
export function DefaultPasswordDialog({ open, onChangePassword, onAcknowledge }: DefaultPasswordDialogProps) {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="center">
          <ExclamationCircleFilled style={{ color: token.colorWarning }} />
          {t('defaultPassword.title')}
        </Flex>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="acknowledge" onClick={onAcknowledge} data-testid="default-password-acknowledge">
          {t('defaultPassword.acknowledge')}
        </Button>,
        <Button key="change" type="primary" onClick={onChangePassword} data-testid="default-password-change">
          {t('defaultPassword.change')}
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('defaultPassword.content')}</Typography.Paragraph>
    </Modal>
  );
}
