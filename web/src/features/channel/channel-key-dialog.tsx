import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { SecureVerificationDialog } from '../security/secure-verification-dialog';
import { fetchChannelKey, type Proof } from '../../api/resources/security';
import { cachedProof, forgetProof } from '../security/security-proof';

const SCOPE = 'channel.key.read';

/**
 * The channel editor's "show key" for the super administrator: the stored key is read with a proof
 * (a 2FA code or the passkey, within five minutes), asked for in a dialog when none is at hand.
 */
export function ChannelKeyButton({ channelId }: { channelId: number }) {
  const { t } = useTranslation('channel');
  const [verifying, setVerifying] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async (proof: Proof) => {
    setVerifying(false);
    setBusy(true);
    try {
      setKey((await fetchChannelKey(channelId, proof)).key);
    } catch (error) {
      // An expired or foreign proof answers 403: verify again.
      if (isApiError(error) && error.status === 403) forgetProof(SCOPE);
    } finally {
      setBusy(false);
    }
  };

  const open = () => {
    const proof = cachedProof(SCOPE);
    if (proof) void read(proof);
    else setVerifying(true);
  };

  return (
    <>
      <Button size="small" type="link" loading={busy} onClick={open} data-testid="channel-show-key">
        {t('editor.showKey')}
      </Button>
      <SecureVerificationDialog
        open={verifying}
        scope={SCOPE}
        accepts={['2fa', 'passkey']}
        onVerified={(proof) => void read(proof)}
        onCancel={() => setVerifying(false)}
      />
      <Modal
        open={key !== null}
        title={t('editor.storedKey')}
        onCancel={() => setKey(null)}
        footer={null}
        width={560}
        destroyOnHidden
      >
        <Typography.Paragraph copyable code data-testid="channel-stored-key">
          {key}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
