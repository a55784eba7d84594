import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /log: usage logs (spec 001 "Usage log page"). */
export default function LogPage() {
  const { t } = useTranslation('log');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
