import { PlusOutlined } from '@ant-design/icons';
import type { ModelMetaView } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Select, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBar, SearchInput, useEditor, useSearchedList } from '../../components/list-search';
import { ModelEditor } from './model-editor';
import { modelColumns } from './model-columns';
import {
  deleteModelMeta,
  fetchMissingModels,
  fetchModelMetas,
  fetchVendors,
  MODEL_META_QUERY_KEY,
  setModelMetaStatus,
} from '../../api/resources/model-meta';
import { useMetaMutation } from './use-meta-mutation';

/** Missing names shown as shortcuts at most; the rest are counted. */
const MISSING_SHOWN = 30;

/** The models tab: search by name or vendor, the names channels serve without metadata, and the table. */
export function ModelsTab() {
  const { t } = useTranslation('model-meta');
  const models = useSearchedList(
    [...MODEL_META_QUERY_KEY, 'models'],
    fetchModelMetas,
    { keyword: '' },
    {} as { vendor?: number },
  );
  const { query: list, filter, apply, search } = models;
  const editor = useEditor<ModelMetaView | { model_name: string }>();

  const vendors = useQuery({ queryKey: [...MODEL_META_QUERY_KEY, 'vendors', 'all'], queryFn: () => fetchVendors() });
  const missing = useQuery({ queryKey: [...MODEL_META_QUERY_KEY, 'missing'], queryFn: fetchMissingModels });
  const remove = useMetaMutation((id: number) => deleteModelMeta(id), t('messages.deleted'));
  const status = useMetaMutation(
    (change: { id: number; on: boolean }) => setModelMetaStatus(change.id, change.on ? 1 : 0),
    t('messages.saved'),
  );

  const vendorList = useMemo(() => vendors.data?.items ?? [], [vendors.data]);
  const columns = useMemo(
    () =>
      modelColumns(t, vendorList, {
        onEdit: editor.edit,
        onDelete: (model) => remove.mutateAsync(model.id),
        onStatus: (model, on) => status.mutate({ id: model.id, on }),
      }),
    [t, vendorList, remove, status, editor.edit],
  );
  const missingNames = missing.data ?? [];

  return (
    <Flex vertical gap={16}>
      <SearchBar
        spaced={false}
        onSearch={search}
        searching={list.isFetching}
        submitText={t('search.submit')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.edit(null)} data-testid="model-meta-add">
            {t('models.add')}
          </Button>
        }
      >
        <SearchInput
          list={models}
          field="keyword"
          maxWidth={280}
          placeholder={t('search.keyword')}
          testId="model-meta-search-keyword"
        />
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('search.vendor')}
          value={filter.vendor}
          options={vendorList.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
          onChange={(vendor?: number) => apply({ ...filter, vendor })}
        />
      </SearchBar>
      {missingNames.length > 0 ? (
        <Alert
          type="info"
          data-testid="model-meta-missing"
          title={t('missing.title', { count: missingNames.length })}
          description={
            <Space size={4} wrap>
              {missingNames.slice(0, MISSING_SHOWN).map((name) => (
                <Tag key={name} style={{ cursor: 'pointer' }} onClick={() => editor.edit({ model_name: name })}>
                  {name}
                </Tag>
              ))}
              {missingNames.length > MISSING_SHOWN
                ? t('missing.more', { count: missingNames.length - MISSING_SHOWN })
                : null}
            </Space>
          }
        />
      ) : null}
      <Table<ModelMetaView> columns={columns} {...models.tableProps()} data-testid="model-meta-table" />
      <ModelEditor open={editor.open} model={editor.record} vendors={vendorList} onClose={editor.close} />
    </Flex>
  );
}
