import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { toast } from '../../components/feedback';
import { CodePrompt } from './code-prompt';
import {
  disableTwoFactor,
  fetchTwoFactorStatus,
  regenerateBackupCodes,
  setUpTwoFactor,
  TWO_FACTOR_QUERY_KEY,
  type TwoFactorSetup,
} from '../../api/resources/security';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';
import { useBusyAttempt } from '../../components/use-busy-attempt';

type Prompt = 'disable' | 'regenerate' | null;

/** The profile's "Two-Factor Authentication" card: status badges, enable, disable, new backup codes. */
export function TwoFactorCard() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: fetchTwoFactorStatus });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const { busy, attempt } = useBusyAttempt();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });

  const begin = () => attempt(async () => setSetup(await setUpTwoFactor()));

  const submitCode = async (code: string) => {
    if (prompt === 'disable') {
      await disableTwoFactor(code);
      toast.success(t('twoFactor.disabledDone'));
    } else {
      setNewCodes((await regenerateBackupCodes(code)).backup_codes);
    }
    setPrompt(null);
    refresh();
  };

  const enabled = status.data?.enabled === true;
  return (
    <Card title={t('twoFactor.title')} data-testid="two-factor-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('twoFactor.description')}</Typography.Text>
        <Space wrap>
          {enabled ? <Tag color="green">{t('twoFactor.enabled')}</Tag> : <Tag>{t('twoFactor.disabled')}</Tag>}
          {status.data?.locked ? <Tag color="red">{t('twoFactor.locked')}</Tag> : null}
          {enabled ? (
            <Typography.Text type="secondary" data-testid="two-factor-remaining">
              {t('twoFactor.backupRemaining', { count: status.data?.backup_codes_remaining ?? 0 })}
            </Typography.Text>
          ) : null}
        </Space>
        <Space wrap>
          {enabled ? (
            <>
              <Button danger onClick={() => setPrompt('disable')} data-testid="two-factor-disable">
                {t('twoFactor.disable')}
              </Button>
              <Button onClick={() => setPrompt('regenerate')} data-testid="two-factor-regenerate">
                {t('twoFactor.regenerate')}
              </Button>
            </>
          ) : (
            <Button
              type="primary"
              loading={busy}
              disabled={!status.data}
              onClick={() => void begin()}
              data-testid="two-factor-enable"
            >
              {t('twoFactor.enable')}
            </Button>
          )}
        </Space>
      </Flex>
      <TwoFactorSetupDialog
        setup={setup}
        onClose={() => setSetup(null)}
        onEnabled={() => {
          setSetup(null);
          refresh();
        }}
      />
      <CodePrompt
        open={prompt !== null}
        title={prompt === 'disable' ? t('code.disableTitle') : t('code.regenerateTitle')}
        acceptsBackupCodes={prompt === 'disable'}
        onSubmit={submitCode}
        onClose={() => setPrompt(null)}
      />
      <Modal
        open={newCodes !== null}
        title={t('twoFactor.regeneratedTitle')}
        onCancel={() => setNewCodes(null)}
        onOk={() => void copyText((newCodes ?? []).join('\n'), { successMessage: t('setup.copied') })}
        okText={t('setup.copyAll')}
      >
        <Typography.Paragraph type="secondary">{t('setup.backupHint')}</Typography.Paragraph>
        <Flex wrap gap={8}>
          {(newCodes ?? []).map((code) => (
            <Typography.Text key={code} code>
              {code}
            </Typography.Text>
          ))}
        </Flex>
      </Modal>
    </Card>
  );
}
