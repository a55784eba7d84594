import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { displayQuota } from '../../lib/format';
import { redeemCode } from '../../api/resources/topup';

/** Redeem a code, and the button to the page where codes are sold (spec 001 Wallet). */
export function RedeemCard({ onRedeemed }: { onRedeemed: (added: number) => void }) {
  const { t } = useTranslation('topup');
  const status = useStatus();
  const [key, setKey] = useState('');

  const redeem = useMutation({
    mutationFn: (code: string) => redeemCode(code),
    onSuccess: (added) => {
      toast.success(t('redeem.succeeded', { amount: displayQuota(added, status) }));
      setKey('');
      onRedeemed(added);
    },
  });

  const submit = () => {
    const code = key.trim();
    if (code === '') {
      toast.warning(t('redeem.keyRequired'));
      return;
    }
    redeem.mutate(code);
  };

  const openShop = () => {
    if (status.top_up_link === '') {
      toast.error(t('redeem.noLink'));
      return;
    }
    window.open(status.top_up_link, '_blank', 'noopener');
  };

  return (
    <Card title={t('redeem.title')}>
      <Flex gap={8} wrap>
        <Input
          style={{ flex: 1, minWidth: 240 }}
          value={key}
          onChange={(event) => setKey(event.target.value)}
          onPressEnter={submit}
          placeholder={t('redeem.placeholder')}
          data-testid="topup-code"
        />
        <Button type="primary" loading={redeem.isPending} onClick={submit} data-testid="topup-redeem">
          {t('redeem.submit')}
        </Button>
        <Button onClick={openShop} data-testid="topup-get-code">
          {t('redeem.getCode')}
        </Button>
      </Flex>
    </Card>
  );
}
