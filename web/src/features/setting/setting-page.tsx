import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /setting?tab=personal|operation|system|other (spec 000 "Settings"). */
export default function SettingPage() {
  const { t } = useTranslation('setting');
  return <EmptyScreen title={t('title')} summary={t('summary')} />;
}
