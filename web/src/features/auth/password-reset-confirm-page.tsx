import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /user/reset?email=&token=: confirm a password reset (spec 000 §2). */
export default function PasswordResetConfirmPage() {
  const { t } = useTranslation('auth');
  return <EmptyScreen title={t('resetConfirm.title')} summary={t('resetConfirm.summary')} />;
}
