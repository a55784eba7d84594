import { Alert, Button, Flex, Image, Input, Modal, Steps, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { toast } from '../../components/feedback';
import { enableTwoFactor, type TwoFactorSetup } from '../../api/resources/security';
import { useBusyAttempt } from '../../components/use-busy-attempt';

interface SetupDialogProps {
  setup: TwoFactorSetup | null;
  onEnabled: () => void;
  onClose: () => void;
}

/** Three steps: the QR code and secret, the backup codes, the first code. */
export function TwoFactorSetupDialog({ setup, onEnabled, onClose }: SetupDialogProps) {
  const { t } = useTranslation('security');
  const [step, setStep] = useState(0);
  const [qr, setQr] = useState('');
  const [code, setCode] = useState('');
  const { busy, attempt } = useBusyAttempt();

  useEffect(() => {
    setStep(0);
    setCode('');
    setQr('');
    if (setup) void QRCode.toDataURL(setup.qr_code_data, { margin: 1, width: 200 }).then(setQr);
  }, [setup]);

  const enable = async () => {
    if (!/^\d{6}$/.test(code.trim())) return toast.error(t('code.required'));
    return attempt(
      async () => {
        await enableTwoFactor(code.trim());
        toast.success(t('setup.enabledDone'));
        onEnabled();
      },
      () => setCode(''),
    );
  };

  const footer = [
    step > 0 ? (
      <Button key="back" onClick={() => setStep(step - 1)}>
        {t('setup.back')}
      </Button>
    ) : null,
    step < 2 ? (
      <Button key="next" type="primary" onClick={() => setStep(step + 1)} data-testid="two-factor-setup-next">
        {t('setup.next')}
      </Button>
    ) : (
      <Button
        key="finish"
        type="primary"
        loading={busy}
        onClick={() => void enable()}
        data-testid="two-factor-setup-finish"
      >
        {t('setup.finish')}
      </Button>
    ),
  ];

  return (
    <Modal
      open={setup !== null}
      title={t('setup.title')}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      width={520}
    >
      <Steps
        size="small"
        current={step}
        items={[{ title: t('setup.stepScan') }, { title: t('setup.stepBackup') }, { title: t('setup.stepVerify') }]}
        style={{ marginBottom: 16 }}
      />
      {setup && step === 0 ? (
        <Flex vertical align="center" gap={12}>
          {qr ? (
            <Image src={qr} width={200} height={200} preview={false} alt="otpauth QR" data-testid="two-factor-qr" />
          ) : null}
          <Typography.Text type="secondary">{t('setup.scanHint')}</Typography.Text>
          <Typography.Text code copyable data-testid="two-factor-secret">
            {setup.secret}
          </Typography.Text>
        </Flex>
      ) : null}
      {setup && step === 1 ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('setup.backupHint')} />
          <Flex wrap gap={8} data-testid="two-factor-backup-codes">
            {setup.backup_codes.map((backupCode) => (
              <Typography.Text key={backupCode} code>
                {backupCode}
              </Typography.Text>
            ))}
          </Flex>
          <Button onClick={() => void copyText(setup.backup_codes.join('\n'), { successMessage: t('setup.copied') })}>
            {t('setup.copyAll')}
          </Button>
        </Flex>
      ) : null}
      {setup && step === 2 ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('setup.verifyHint')}</Typography.Text>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={() => void enable()}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            placeholder={t('code.totpPlaceholder')}
            data-testid="two-factor-setup-code"
          />
        </Flex>
      ) : null}
    </Modal>
  );
}
