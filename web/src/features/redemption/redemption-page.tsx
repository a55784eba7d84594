import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /redemption: redemption codes, admin (spec 001 "Redemption page"). */
export default function RedemptionPage() {
  const { t } = useTranslation('redemption');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
