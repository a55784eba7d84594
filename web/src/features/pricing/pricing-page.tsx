import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /pricing: model pricing, public (spec 001 "Pricing page"). */
export default function PricingPage() {
  const { t } = useTranslation('pricing');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
