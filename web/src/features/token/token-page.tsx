import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { useCopyableSelection } from '../../components/copyable-selection';
import { DataList } from '../../components/data-list';
import { PageFrame } from '../../components/page-frame';
import { useTablePaging } from '../../components/table-paging';
import { fetchTokens, TOKENS_QUERY_KEY } from '../../api/resources/token';
import { tokenColumns } from './token-columns';
import { TokenDrawer } from './token-drawer';
import { tokenKeysOf } from './token-keys';

interface Filter {
  keyword: string;
  key: string;
}

const NO_FILTER: Filter = { keyword: '', key: '' };

/** What "copy selected" puts on the clipboard: one `name<TAB>sk-key` line per token, whole keys fetched on demand. */
export async function selectedTokensText(tokens: TokenView[]): Promise<string> {
  const keys = await tokenKeysOf(tokens);
  return tokens.map((token) => `${token.name}\t${TOKEN_KEY_PREFIX}${keys.get(token.id) ?? ''}`).join('\n');
}

/** /token: the signed-in user's access tokens (spec 001 "Token page"). */
export default function TokenPage() {
  const { t } = useTranslation('token');
  const status = useStatus();
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const { rowSelection, copySelected } = useCopyableSelection<TokenView>(selectedTokensText, t('messages.selectFirst'));
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [drawer, setDrawer] = useState<{ open: boolean; token: TokenView | null }>({ open: false, token: null });

  const query = useQuery({
    queryKey: [...TOKENS_QUERY_KEY, 'list', page, pageSize, filter],
    queryFn: () => fetchTokens({ page, size: pageSize, ...filter }),
    placeholderData: keepPreviousData,
  });

  const openEditor = (token: TokenView | null) => setDrawer({ open: true, token });
  const columns = useMemo(() => tokenColumns(t, status, openEditor), [t, status]);

  const search = () => {
    setPage(1);
    setFilter({ keyword: draft.keyword.trim(), key: draft.key.trim() });
  };

  return (
    <PageFrame
      title={t('title')}
      summary={t('summary')}
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor(null)} data-testid="token-add">
            {t('actions.add')}
          </Button>
          <Button onClick={copySelected} data-testid="token-copy-selected">
            {t('actions.copySelected')}
          </Button>
        </Space>
      }
    >
      <Alert type="warning" showIcon title={t('ownUseWarning')} />
      <Card variant="borderless">
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            style={{ maxWidth: 240 }}
            placeholder={t('search.name')}
            value={draft.keyword}
            onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
            onPressEnter={search}
            data-testid="token-search-name"
          />
          <Input
            allowClear
            style={{ maxWidth: 320 }}
            placeholder={t('search.key')}
            value={draft.key}
            onChange={(event) => setDraft({ ...draft, key: event.target.value })}
            onPressEnter={search}
            data-testid="token-search-key"
          />
          <Button icon={<SearchOutlined />} onClick={search} loading={query.isFetching} data-testid="token-search">
            {t('search.submit')}
          </Button>
        </Flex>
        <DataList<TokenView>
          rowKey="id"
          columns={columns}
          dataSource={query.data?.items ?? []}
          query={query}
          rowClassName={(token) => (token.status === TokenStatus.Enabled ? '' : 'row-disabled')}
          scroll={{ x: 'max-content' }}
          rowSelection={rowSelection}
          pagination={pagination(query.data?.total ?? 0, { showTotal: (total) => t('total', { count: total }) })}
          data-testid="token-table"
        />
      </Card>
      <TokenDrawer open={drawer.open} token={drawer.token} onClose={() => setDrawer({ open: false, token: null })} />
    </PageFrame>
  );
}
