import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /topup: the wallet (spec 001 "Wallet"). */
export default function TopupPage() {
  const { t } = useTranslation('topup');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
