import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /about: the about page, public. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
