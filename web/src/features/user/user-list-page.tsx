import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../components/empty-screen';

/** /user: user management, admin (spec 000 "User management page"). */
export default function UserListPage() {
  const { t } = useTranslation('user');
  return <EmptyScreen title={t('list.title')} summary={t('list.summary')} />;
}
