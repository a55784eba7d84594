import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ModelMetaView } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Select, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTablePaging } from '../../components/table-paging';
import { ModelEditor } from './model-editor';
import { modelColumns } from './model-columns';
import { deleteModelMeta, fetchMissingModels, fetchModelMetas, fetchVendors, MODEL_META_QUERY_KEY, setModelMetaStatus } from '../../api/resources/model-meta';
import { useMetaMutation } from './use-meta-mutation';

/** Missing names shown as shortcuts at most; the rest are counted. */
const MISSING_SHOWN = 30;

/** The models tab: search by name or vendor, the names channels serve without metadata, and the table. */
export function ModelsTab() {
  const { t } = useTranslation('model-meta');
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<{ keyword: string; vendor?: number }>({ keyword: '' });
  const [editor, setEditor] = useState<{ open: boolean; model: ModelMetaView | { model_name: string } | null }>({ open: false, model: null });

  const list = useQuery({
    queryKey: [...MODEL_META_QUERY_KEY, 'models', page, pageSize, filter],
    queryFn: () => fetchModelMetas({ page, size: pageSize, ...filter }),
    placeholderData: keepPreviousData,
  });
  const vendors = useQuery({ queryKey: [...MODEL_META_QUERY_KEY, 'vendors', 'all'], queryFn: () => fetchVendors() });
  const missing = useQuery({ queryKey: [...MODEL_META_QUERY_KEY, 'missing'], queryFn: fetchMissingModels });
  const remove = useMetaMutation((id: number) => deleteModelMeta(id), t('messages.deleted'));
  const status = useMetaMutation((change: { id: number; on: boolean }) => setModelMetaStatus(change.id, change.on ? 1 : 0), t('messages.saved'));

  const vendorList = useMemo(() => vendors.data?.items ?? [], [vendors.data]);
  const columns = useMemo(
    () =>
      modelColumns(t, vendorList, {
        onEdit: (model) => setEditor({ open: true, model }),
        onDelete: (model) => remove.mutateAsync(model.id),
        onStatus: (model, on) => status.mutate({ id: model.id, on }),
      }),
    [t, vendorList, remove, status],
  );
  const search = () => {
    setPage(1);
    setFilter((current) => ({ ...current, keyword: draft.trim() }));
  };
  const missingNames = missing.data ?? [];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Input
          allowClear
          style={{ maxWidth: 280 }}
          placeholder={t('search.keyword')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={search}
          data-testid="model-meta-search-keyword"
        />
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('search.vendor')}
          value={filter.vendor}
          options={vendorList.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
          onChange={(vendor?: number) => {
            setPage(1);
            setFilter((current) => ({ ...current, vendor }));
          }}
        />
        <Button icon={<SearchOutlined />} onClick={search} loading={list.isFetching}>
          {t('search.submit')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, model: null })} data-testid="model-meta-add">
          {t('models.add')}
        </Button>
      </Flex>
      {missingNames.length > 0 ? (
        <Alert
          type="info"
          data-testid="model-meta-missing"
          title={t('missing.title', { count: missingNames.length })}
          description={
            <Space size={4} wrap>
              {missingNames.slice(0, MISSING_SHOWN).map((name) => (
                <Tag key={name} style={{ cursor: 'pointer' }} onClick={() => setEditor({ open: true, model: { model_name: name } })}>
                  {name}
                </Tag>
              ))}
              {missingNames.length > MISSING_SHOWN ? t('missing.more', { count: missingNames.length - MISSING_SHOWN }) : null}
            </Space>
          }
        />
      ) : null}
      <Table<ModelMetaView>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={pagination(list.data?.total ?? 0)}
        data-testid="model-meta-table"
      />
      <ModelEditor open={editor.open} model={editor.model} vendors={vendorList} onClose={() => setEditor({ open: false, model: null })} />
    </Flex>
  );
}
