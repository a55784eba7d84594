import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /reset: request a password reset mail (spec 000 §2). */
export default function PasswordResetPage() {
  const { t } = useTranslation('auth');
  return <EmptyScreen title={t('reset.title')} summary={t('reset.summary')} />;
}
