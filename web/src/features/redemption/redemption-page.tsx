import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { type RedemptionView } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { useCopyableSelection } from '../../components/copyable-selection';
import { PageFrame } from '../../components/page-frame';
import { DataList } from '../../components/data-list';
import { useTablePaging } from '../../components/table-paging';
import { CodesCreatedDialog, type CreatedCodes } from './codes-created-dialog';
import { fetchRedemptions, REDEMPTIONS_QUERY_KEY } from '../../api/resources/redemption';
import { redemptionColumns } from './redemption-columns';
import { RedemptionDrawer } from './redemption-drawer';
import { selectedCodesText } from './redemption-form';

/** /redemption: redemption codes, admin (spec 001 "Redemption page"). */
export default function RedemptionPage() {
  const { t } = useTranslation('redemption');
  const status = useStatus();
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const { rowSelection, copySelected } = useCopyableSelection<RedemptionView>(selectedCodesText, t('messages.selectFirst'));
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<{ open: boolean; code: RedemptionView | null }>({ open: false, code: null });
  const [created, setCreated] = useState<CreatedCodes | null>(null);

  const query = useQuery({
    queryKey: [...REDEMPTIONS_QUERY_KEY, 'list', page, pageSize, keyword],
    queryFn: () => fetchRedemptions({ page, size: pageSize, keyword }),
    placeholderData: keepPreviousData,
  });

  const openEditor = (code: RedemptionView | null) => setDrawer({ open: true, code });
  const columns = useMemo(() => redemptionColumns(t, status, openEditor), [t, status]);

  const search = () => {
    setPage(1);
    setKeyword(draft.trim());
  };

  return (
    <PageFrame
      title={t('title')}
      summary={t('summary')}
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor(null)} data-testid="redemption-add">
            {t('actions.add')}
          </Button>
          <Button onClick={copySelected} data-testid="redemption-copy-selected">
            {t('actions.copySelected')}
          </Button>
        </Space>
      }
    >
      <Card variant="borderless">
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            style={{ maxWidth: 280 }}
            placeholder={t('search.keyword')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={search}
            data-testid="redemption-search-keyword"
          />
          <Button icon={<SearchOutlined />} onClick={search} loading={query.isFetching} data-testid="redemption-search">
            {t('search.submit')}
          </Button>
        </Flex>
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
      <RedemptionDrawer
        open={drawer.open}
        code={drawer.code}
        onClose={() => setDrawer({ open: false, code: null })}
        onCreated={setCreated}
      />
      <CodesCreatedDialog created={created} onClose={() => setCreated(null)} />
    </PageFrame>
  );
}
