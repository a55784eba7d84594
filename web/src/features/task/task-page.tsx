import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /task: async tasks (spec 001 "Drawing tasks and async tasks"). */
export default function TaskPage() {
  const { t } = useTranslation('task');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
