import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /register: create an account (spec 000 §2). */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  return <EmptyScreen title={t('register.title')} summary={t('register.summary')} />;
}
