import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import NotFoundPage from '../../app/not-found-page';
import { PageFrame } from '../../components/page-frame';
import { UserEditForm } from './user-edit-form';

/** /user/edit/:id edits another user; /user/edit edits oneself (spec 000 "Edit-user panel"). */
export default function UserEditPage() {
  const { t } = useTranslation('user');
  const { id } = useParams();
  const navigate = useNavigate();
  if (id === undefined) {
    return (
      <PageFrame title={t('editSelf.title')} summary={t('editSelf.summary')}>
        <Card variant="borderless" style={{ maxWidth: 640 }}>
          <UserEditForm target={{ kind: 'self' }} />
        </Card>
      </PageFrame>
    );
  }
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return (
    <PageFrame title={t('edit.title')} summary={t('edit.summary', { id })}>
      <Card variant="borderless" style={{ maxWidth: 640 }}>
        <UserEditForm
          target={{ kind: 'admin', id: Number(id) }}
          onDone={() => void navigate('/user')}
          onCancel={() => void navigate('/user')}
        />
      </Card>
    </PageFrame>
  );
}
