import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /midjourney: drawing tasks (spec 001 "Drawing tasks and async tasks"). */
export default function MidjourneyPage() {
  const { t } = useTranslation('midjourney');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
