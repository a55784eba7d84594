import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyScreen } from '../../components/empty-screen';

/** /user/edit/:id edits another user; /user/edit edits oneself (spec 000 "Edit-user panel"). */
export default function UserEditPage() {
  const { t } = useTranslation('user');
  const { id } = useParams();
  if (id === undefined) return <EmptyScreen title={t('editSelf.title')} summary={t('editSelf.summary')} />;
  return <EmptyScreen title={t('edit.title')} summary={t('edit.summary', { id })} />;
}
