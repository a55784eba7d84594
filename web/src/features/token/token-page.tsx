import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { Alert, Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { useCopyableSelection } from '../../components/copyable-selection';
import { DataList } from '../../components/data-list';
import { PageFrame } from '../../components/page-frame';
import { AddAndCopyActions, SearchBar, SearchInput, useEditor, useSearchedList } from '../../components/list-search';
import { fetchTokens, TOKENS_QUERY_KEY } from '../../api/resources/token';
import { tokenColumns } from './token-columns';
import { TokenDrawer } from './token-drawer';
import { tokenKeysOf } from './token-keys';

/** What "copy selected" puts on the clipboard: one `name<TAB>sk-key` line per token, whole keys fetched on demand. */
export async function selectedTokensText(tokens: TokenView[]): Promise<string> {
  const keys = await tokenKeysOf(tokens);
  return tokens.map((token) => `${token.name}\t${TOKEN_KEY_PREFIX}${keys.get(token.id) ?? ''}`).join('\n');
}

/** /token: the signed-in user's access tokens (spec 001 "Token page"). */
export default function TokenPage() {
  const { t } = useTranslation('token');
  const status = useStatus();
  const list = useSearchedList(TOKENS_QUERY_KEY, fetchTokens, { keyword: '', key: '' });
  const { query, pagination, search } = list;
  const { rowSelection, copySelected } = useCopyableSelection<TokenView>(selectedTokensText, t('messages.selectFirst'));
  const drawer = useEditor<TokenView>();

  const openEditor = drawer.edit;
  const columns = useMemo(() => tokenColumns(t, status, openEditor), [t, status]);

  return (
    <PageFrame
      title={t('title')}
      summary={t('summary')}
      extra={
        <AddAndCopyActions
          onAdd={() => openEditor(null)}
          onCopy={copySelected}
          addText={t('actions.add')}
          copyText={t('actions.copySelected')}
          testIdPrefix="token"
        />
      }
    >
      <Alert type="warning" showIcon title={t('ownUseWarning')} />
      <Card variant="borderless">
        <SearchBar onSearch={search} searching={query.isFetching} submitText={t('search.submit')} testId="token-search">
          <SearchInput
            list={list}
            field="keyword"
            maxWidth={240}
            placeholder={t('search.name')}
            testId="token-search-name"
          />
          <SearchInput list={list} field="key" maxWidth={320} placeholder={t('search.key')} testId="token-search-key" />
        </SearchBar>
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
      <TokenDrawer open={drawer.open} token={drawer.record} onClose={drawer.close} />
    </PageFrame>
  );
}
