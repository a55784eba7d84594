import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /detail: the data dashboard (spec 001 §2). */
export default function DetailPage() {
  const { t } = useTranslation('detail');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
