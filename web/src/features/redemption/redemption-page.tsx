import { type RedemptionView } from '@switchboard/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { PageFrame } from '../../components/page-frame';
import { useAddEditCopy, useSearchedList } from '../../components/list-search';
import { SearchedListCard } from '../../components/searched-list-card';
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
  const { editor, rowSelection, actions } = useAddEditCopy<RedemptionView>(t, selectedCodesText, 'redemption');
  const [created, setCreated] = useState<CreatedCodes | null>(null);
  const columns = useMemo(() => redemptionColumns(t, status, editor.edit), [t, status]);

  return (
    <PageFrame title={t('title')} summary={t('summary')} extra={actions}>
      <SearchedListCard<RedemptionView, typeof list.draft>
        t={t}
        list={list}
        inputs={[
          { field: 'keyword', maxWidth: 280, placeholder: t('search.keyword'), testId: 'redemption-search-keyword' },
        ]}
        table={{ columns, scroll: { x: 'max-content' }, rowSelection }}
        testIdPrefix="redemption"
      />
      <RedemptionDrawer open={editor.open} code={editor.record} onClose={editor.close} onCreated={setCreated} />
      <CodesCreatedDialog created={created} onClose={() => setCreated(null)} />
    </PageFrame>
  );
}
