import { type RedemptionView } from '@switchboard/contract';
import { Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { useCopyableSelection } from '../../components/copyable-selection';
import { PageFrame } from '../../components/page-frame';
import { DataList } from '../../components/data-list';
import { AddAndCopyActions, SearchBar, SearchInput, useEditor, useSearchedList } from '../../components/list-search';
import { CodesCreatedDialog, type CreatedCodes } from './codes-created-dialog';
import { fetchRedemptions, REDEMPTIONS_QUERY_KEY } from '../../api/resources/redemption';
import { redemptionColumns } from './redemption-columns';
import { RedemptionDrawer } from './redemption-drawer';
import { selectedCodesText } from './redemption-form';

/** /redemption: redemption codes, admin (spec 001 "Redemption page"). */
export default function RedemptionPage() {
  const { t } = useTranslation('redemption');
  const status = useStatus();
  const list = useSearchedList(REDEMPTIONS_QUERY_KEY, fetchRedemptions, { keyword: '' });
  const { query, pagination, search } = list;
  const { rowSelection, copySelected } = useCopyableSelection<RedemptionView>(
    selectedCodesText,
    t('messages.selectFirst'),
  );
  const drawer = useEditor<RedemptionView>();
  const [created, setCreated] = useState<CreatedCodes | null>(null);

  const openEditor = drawer.edit;
  const columns = useMemo(() => redemptionColumns(t, status, openEditor), [t, status]);

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
          testIdPrefix="redemption"
        />
      }
    >
      <Card variant="borderless">
        <SearchBar
          onSearch={search}
          searching={query.isFetching}
          submitText={t('search.submit')}
          testId="redemption-search"
        >
          <SearchInput
            list={list}
            field="keyword"
            maxWidth={280}
            placeholder={t('search.keyword')}
            testId="redemption-search-keyword"
          />
        </SearchBar>
        <DataList<RedemptionView>
          rowKey="id"
          columns={columns}
          dataSource={query.data?.items ?? []}
          query={query}
          scroll={{ x: 'max-content' }}
          rowSelection={rowSelection}
          pagination={pagination(query.data?.total ?? 0, { showTotal: (total) => t('total', { count: total }) })}
          data-testid="redemption-table"
        />
      </Card>
      <RedemptionDrawer open={drawer.open} code={drawer.record} onClose={drawer.close} onCreated={setCreated} />
      <CodesCreatedDialog created={created} onClose={() => setCreated(null)} />
    </PageFrame>
  );
}
