import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { UserStatus, type UserView } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Card, Drawer, Flex, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { PageFrame } from '../../components/page-frame';
import { DataList } from '../../components/data-list';
import { useTablePaging } from '../../components/table-paging';
import { fetchUsers, USERS_QUERY_KEY } from '../../api/resources/user';
import { UserAddDrawer } from './user-add-drawer';
import { userColumns } from './user-columns';
import { UserEditForm } from './user-edit-form';
import { useGroups } from '../../api/resources/group';

interface Filter {
  keyword: string;
  group: string;
}

const NO_FILTER: Filter = { keyword: '', group: '' };

/** /user: user management, admin (spec 000 "User management page"). */
export default function UserListPage() {
  const { t } = useTranslation('user');
  const status = useStatus();
  const groups = useGroups();
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserView | null>(null);

  const query = useQuery({
    queryKey: [...USERS_QUERY_KEY, 'list', page, pageSize, filter],
    queryFn: () => fetchUsers({ page, size: pageSize, ...filter }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => userColumns(t, status, setEditing), [t, status]);

  const search = () => {
    setPage(1);
    setFilter({ keyword: draft.keyword.trim(), group: draft.group.trim() });
  };

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
      <Card variant="borderless">
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            style={{ maxWidth: 320 }}
            placeholder={t('search.keyword')}
            value={draft.keyword}
            onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
            onPressEnter={search}
            data-testid="user-search-keyword"
          />
          <AutoComplete
            allowClear
            style={{ width: 200 }}
            placeholder={t('search.group')}
            value={draft.group}
            options={groups.map((group) => ({ value: group }))}
            onChange={(group: string | undefined) => setDraft({ ...draft, group: group ?? '' })}
            data-testid="user-search-group"
          />
          <Button icon={<SearchOutlined />} onClick={search} loading={query.isFetching} data-testid="user-search">
            {t('search.submit')}
          </Button>
        </Flex>
        <DataList<UserView>
          rowKey="id"
          columns={columns}
          dataSource={query.data?.items ?? []}
          query={query}
          headingKeys={['username', 'status']}
          rowClassName={(user) => (user.status === UserStatus.Enabled ? '' : 'row-disabled')}
          // The table takes the card's width and wraps what can wrap; only a narrower screen scrolls it sideways.
          scroll={{ x: '100%' }}
          pagination={pagination(query.data?.total ?? 0, { showTotal: (total) => t('total', { count: total }) })}
          data-testid="user-table"
        />
      </Card>
      <UserAddDrawer open={adding} onClose={() => setAdding(false)} />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        size={560}
        destroyOnHidden
        title={editing ? t('edit.summary', { id: editing.id }) : ''}
        data-testid="user-edit-drawer"
      >
        {editing ? <UserEditForm target={{ kind: 'admin', id: editing.id }} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
      </Drawer>
    </PageFrame>
  );
}
