import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { formatTime } from '../../lib/format';
import { SecureVerificationDialog } from './secure-verification-dialog';
import {
  fetchPasskeyStatus,
  fetchTwoFactorStatus,
  PASSKEY_QUERY_KEY,
  registerPasskey,
  removePasskey,
  TWO_FACTOR_QUERY_KEY,
  type Proof,
} from '../../api/resources/security';
import { cachedProof, forgetProof } from './security-proof';

type Pending = { action: 'register' | 'remove' } | null;

/** The profile's "Passkey Authentication" card: register this device's passkey, or remove it. */
export function PasskeyCard() {
  const { t } = useTranslation('security');
  const status = useStatus();
  const queryClient = useQueryClient();
  const supported = browserSupportsWebAuthn();
  const passkey = useQuery({ queryKey: PASSKEY_QUERY_KEY, queryFn: fetchPasskeyStatus });
  const twoFactor = useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: fetchTwoFactorStatus });
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const hasTwoFactor = twoFactor.data?.enabled === true;

  const run = async (action: 'register' | 'remove', proof: Proof | null) => {
    setPending(null);
    setBusy(true);
    try {
      if (action === 'register') {
        await registerPasskey(proof);
        toast.success(t('passkey.registeredDone'));
      } else if (proof) {
        await removePasskey(proof);
        toast.success(t('passkey.removedDone'));
      }
      await queryClient.invalidateQueries({ queryKey: PASSKEY_QUERY_KEY });
    } catch (error) {
      if (!isApiError(error)) toast.error(t('passkey.cancelled'));
      // A proof of an ended session answers 403: ask again next time.
      else if (error.status === 403) forgetProof(action === 'register' ? 'passkey.register' : 'passkey.delete');
    } finally {
      setBusy(false);
    }
  };

  const start = (action: 'register' | 'remove') => {
    const scope = action === 'register' ? 'passkey.register' : 'passkey.delete';
    // Registering needs a proof only when the account has two-factor; removing always does.
    if (action === 'register' && !hasTwoFactor) return void run(action, null);
    const proof = cachedProof(scope);
    if (proof) return void run(action, proof);
    setPending({ action });
  };

  const registered = passkey.data?.enabled === true;
  const lastUsed = passkey.data?.last_used_at ? formatTime(passkey.data.last_used_at) : t('passkey.never');
  return (
    <Card title={t('passkey.title')} data-testid="passkey-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('passkey.description')}</Typography.Text>
        {!supported ? <Alert type="info" showIcon title={t('passkey.unsupported')} /> : null}
        {!status.passkey_login ? <Alert type="info" showIcon title={t('passkey.notEnabled')} /> : null}
        <Space wrap>
          {registered ? <Tag color="green">{t('passkey.registered')}</Tag> : <Tag>{t('passkey.notRegistered')}</Tag>}
          {registered ? (
            <Typography.Text type="secondary">{t('passkey.lastUsed', { time: lastUsed })}</Typography.Text>
          ) : null}
        </Space>
        <Space wrap>
          {registered ? (
            <Popconfirm title={t('passkey.removeConfirm')} onConfirm={() => start('remove')}>
              <Button danger loading={busy} data-testid="passkey-remove">
                {t('passkey.remove')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="primary"
              loading={busy}
              disabled={!supported || !status.passkey_login || !twoFactor.data}
              onClick={() => start('register')}
              data-testid="passkey-register"
            >
              {t('passkey.register')}
            </Button>
          )}
        </Space>
      </Flex>
      <SecureVerificationDialog
        open={pending !== null}
        scope={pending?.action === 'register' ? 'passkey.register' : 'passkey.delete'}
        accepts={pending?.action === 'remove' && !hasTwoFactor ? ['passkey'] : ['2fa']}
        onVerified={(proof) => pending && void run(pending.action, proof)}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
