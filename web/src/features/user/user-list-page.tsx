import { PlusOutlined } from '@ant-design/icons';
import { UserStatus, type UserView } from '@switchboard/contract';
import { AutoComplete, Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { PageFrame } from '../../components/page-frame';
import { useSearchedList } from '../../components/list-search';
import { SearchedListCard } from '../../components/searched-list-card';
import { fetchUsers, USERS_QUERY_KEY } from '../../api/resources/user';
import { UserAddDrawer } from './user-add-drawer';
import { userColumns } from './user-columns';
import { UserEditForm } from './user-edit-form';
import { useGroups } from '../../api/resources/group';

/** /user: user management, admin (spec 000 "User management page"). */
export default function UserListPage() {
  const { t } = useTranslation('user');
  const status = useStatus();
  const groups = useGroups();
  const list = useSearchedList(USERS_QUERY_KEY, fetchUsers, { keyword: '', group: '' });
  const { draft, setDraft } = list;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserView | null>(null);

  const columns = useMemo(() => userColumns(t, status, setEditing), [t, status]);

  return (
    <PageFrame
      title={t('list.title')}
      summary={t('list.summary')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="user-add">
          {t('actions.add')}
        </Button>
      }
    >
      <SearchedListCard<UserView, typeof draft>
        t={t}
        list={list}
        inputs={[{ field: 'keyword', maxWidth: 320, placeholder: t('search.keyword'), testId: 'user-search-keyword' }]}
        filters={
          <AutoComplete
            allowClear
            style={{ width: 200 }}
            placeholder={t('search.group')}
            value={draft.group}
            options={groups.map((group) => ({ value: group }))}
            onChange={(group: string | undefined) => setDraft({ ...draft, group: group ?? '' })}
            data-testid="user-search-group"
          />
        }
        table={{
          columns,
          headingKeys: ['username', 'status'],
          rowClassName: (user) => (user.status === UserStatus.Enabled ? '' : 'row-disabled'),
          // The table takes the card's width and wraps what can wrap; only a narrower screen scrolls it sideways.
          scroll: { x: '100%' },
        }}
        testIdPrefix="user"
      />
      <UserAddDrawer open={adding} onClose={() => setAdding(false)} />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        size={560}
        destroyOnHidden
        title={editing ? t('edit.summary', { id: editing.id }) : ''}
        data-testid="user-edit-drawer"
      >
        {editing ? (
          <UserEditForm
            target={{ kind: 'admin', id: editing.id }}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Drawer>
    </PageFrame>
  );
}
