import type { SessionUser } from '@switchboard/contract';
import { Button, Flex, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeEntry } from './use-code-entry';
import { completeTwoFactorSignIn } from '../../api/resources/security';

interface TwoFactorSignInProps {
  flowToken: string;
  onSignedIn: (user: SessionUser) => void;
  onBack: () => void;
}

type CodeKind = 'totp' | 'backup';

/** The second sign-in step: a code from the authenticator app, or a backup code. */
export function TwoFactorSignIn({ flowToken, onSignedIn, onBack }: TwoFactorSignInProps) {
  const { t } = useTranslation('security');
  const [kind, setKind] = useState<CodeKind>('totp');
  const { code, setCode, busy, submit } = useCodeEntry(
    async (entered) => onSignedIn(await completeTwoFactorSignIn(entered, flowToken)),
    'refused',
  );

  return (
    <Form layout="vertical" size="large" onFinish={submit} data-testid="two-factor-sign-in">
      <Typography.Title level={5}>{t('signIn.title')}</Typography.Title>
      <Segmented<CodeKind>
        block
        value={kind}
        onChange={(value) => {
          setKind(value);
          setCode('');
        }}
        options={[
          { value: 'totp', label: t('signIn.totp') },
          { value: 'backup', label: <span data-testid="two-factor-use-backup">{t('signIn.backup')}</span> },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph type="secondary">
        {kind === 'totp' ? t('signIn.totpHint') : t('signIn.backupHint')}
      </Typography.Paragraph>
      <Form.Item>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={kind === 'totp' ? t('code.totpPlaceholder') : 'XXXX-XXXX'}
          maxLength={kind === 'totp' ? 6 : 9}
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          data-testid="two-factor-code"
        />
      </Form.Item>
      <Flex vertical gap={8}>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="two-factor-submit">
          {t('signIn.submit')}
        </Button>
        <Button type="link" onClick={onBack}>
          {t('signIn.back')}
        </Button>
      </Flex>
    </Form>
  );
}
