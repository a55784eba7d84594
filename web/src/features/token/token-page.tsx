import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { PageFrame } from '../../components/page-frame';
import { useAddEditCopy, useSearchedList } from '../../components/list-search';
import { SearchedListCard } from '../../components/searched-list-card';
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
  const { editor, rowSelection, actions } = useAddEditCopy<TokenView>(t, selectedTokensText, 'token');
  const columns = useMemo(() => tokenColumns(t, status, editor.edit), [t, status]);

  return (
    <PageFrame title={t('title')} summary={t('summary')} extra={actions}>
      <Alert type="warning" showIcon title={t('ownUseWarning')} />
      <SearchedListCard<TokenView, typeof list.draft>
        t={t}
        list={list}
        inputs={[
          { field: 'keyword', maxWidth: 240, placeholder: t('search.name'), testId: 'token-search-name' },
          { field: 'key', maxWidth: 320, placeholder: t('search.key'), testId: 'token-search-key' },
        ]}
        table={{
          columns,
          rowClassName: (token) => (token.status === TokenStatus.Enabled ? '' : 'row-disabled'),
          scroll: { x: 'max-content' },
          rowSelection,
        }}
        testIdPrefix="token"
      />
      <TokenDrawer open={editor.open} token={editor.record} onClose={editor.close} />
    </PageFrame>
  );
}
