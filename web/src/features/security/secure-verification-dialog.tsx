import { Alert, Button, Flex, Input, Modal, Segmented, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import type { Proof, ProofScope } from '../../api/resources/security';
import { availableMethods, obtainProof, type ProofMethod } from './security-proof';
import { useBusyAttempt } from '../../components/use-busy-attempt';

interface SecureVerificationDialogProps {
  open: boolean;
  scope: ProofScope;
  /** The methods the operation accepts; the dialog offers those the account has. */
  accepts: ProofMethod[];
  onVerified: (proof: Proof) => void;
  onCancel: () => void;
}

/** Asks for a 2FA code or the passkey, and hands back a proof for `scope`. */
export function SecureVerificationDialog({
  open,
  scope,
  accepts,
  onVerified,
  onCancel,
}: SecureVerificationDialogProps) {
  const { t } = useTranslation('security');
  const status = useStatus();
  const [methods, setMethods] = useState<ProofMethod[] | null>(null);
  const [method, setMethod] = useState<ProofMethod>('2fa');
  const [code, setCode] = useState('');
  const { busy, attempt } = useBusyAttempt();
  const acceptsKey = accepts.join(',');

  useEffect(() => {
    if (!open) return;
    setMethods(null);
    setCode('');
    void availableMethods(status.passkey_login)
      .then((found) => {
        const usable = found.filter((item) => acceptsKey.split(',').includes(item));
        setMethods(usable);
        if (usable[0]) setMethod(usable[0]);
      })
      .catch(() => setMethods([]));
  }, [open, status.passkey_login, acceptsKey]);

  const verify = async () => {
    if (method === '2fa' && !code.trim()) return toast.error(t('code.required'));
    return attempt(
      async () => onVerified(await obtainProof(scope, method, code.trim())),
      (error) => {
        setCode('');
        if (!isApiError(error)) toast.error(t('passkey.cancelled'));
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('verify.title')}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      data-testid="secure-verification"
    >
      {methods === null ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : methods.length === 0 ? (
        <Alert type="warning" showIcon title={t('verify.unavailable')} data-testid="secure-verification-unavailable" />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('verify.description')}</Typography.Text>
          {methods.length > 1 ? (
            <Segmented<ProofMethod>
              block
              value={method}
              onChange={setMethod}
              options={methods.map((item) => ({
                value: item,
                label: item === '2fa' ? t('verify.twoFactor') : t('verify.passkey'),
              }))}
            />
          ) : null}
          {method === '2fa' ? (
            <Input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onPressEnter={() => void verify()}
              placeholder={t('code.anyPlaceholder')}
              autoComplete="one-time-code"
              autoFocus
              data-testid="secure-verification-code"
            />
          ) : null}
          <Button
            type="primary"
            loading={busy}
            onClick={() => void verify()}
            data-testid={method === '2fa' ? 'secure-verification-submit' : 'secure-verification-passkey'}
          >
            {method === '2fa' ? t('verify.submit') : t('verify.usePasskey')}
          </Button>
        </Flex>
      )}
    </Modal>
  );
}
