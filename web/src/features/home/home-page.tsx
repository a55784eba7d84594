import { useTranslation } from 'react-i18next';
import { useBranding } from '../../api/status';
import { EmptyScreen } from '../../components/empty-screen';

/** /: the home page, public (content from the HomePageContent option). */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { systemName } = useBranding();
  return <EmptyScreen title={t('title', { name: systemName })} summary={t('summary')} />;
}
