import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyScreen } from '../../components/empty-screen';

/** /oauth/github and /oauth/linuxdo: third-party sign-in callbacks reading code and state. */
export default function OauthCallbackPage() {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const title = pathname.startsWith('/oauth/linuxdo') ? t('oauth.linuxdoTitle') : t('oauth.githubTitle');
  return <EmptyScreen title={title} summary={t('oauth.summary')} />;
}
