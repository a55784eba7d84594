import type { VendorBody, VendorView } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTablePaging } from '../../components/table-paging';
import { deleteVendor, fetchVendors, MODEL_META_QUERY_KEY, saveVendor } from '../../api/resources/model-meta';
import { MetaFormDrawer, MetaStatusItem } from './meta-form-drawer';
import { useMetaMutation } from './use-meta-mutation';
import { MetaAddButton, MetaListTab, namedActionsColumn } from './meta-parts';
import { useEditor } from '../../components/list-search';

/** A new vendor's fields: enabled. */
const BLANK: VendorBody = { name: '', description: '', icon: '', status: 1 };

function VendorEditor({ open, vendor, onClose }: { open: boolean; vendor: VendorView | null; onClose: () => void }) {
  const { t } = useTranslation('model-meta');
  return (
    <MetaFormDrawer kind="vendors" open={open} onClose={onClose} stored={vendor} blank={BLANK} save={saveVendor}>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="icon" label={t('fields.icon')}>
        <Input maxLength={128} />
      </Form.Item>
      <MetaStatusItem />
    </MetaFormDrawer>
  );
}

/** The vendors tab: who makes the models; deleting one leaves its models without a vendor. */
export function VendorsTab() {
  const { t } = useTranslation('model-meta');
  const { page, pageSize, pagination } = useTablePaging();
  const editor = useEditor<VendorView>();
  const list = useQuery({
    queryKey: [...MODEL_META_QUERY_KEY, 'vendors', page, pageSize],
    queryFn: () => fetchVendors(page, pageSize),
    placeholderData: keepPreviousData,
  });
  const remove = useMetaMutation((id: number) => deleteVendor(id), t('messages.deleted'));
  return (
    <MetaListTab
      tools={<MetaAddButton label={t('vendors.add')} onAdd={() => editor.edit(null)} testId="vendor-add" />}
      editor={<VendorEditor open={editor.open} vendor={editor.record} onClose={editor.close} />}
    >
      <Table<VendorView>
        columns={[
          { title: t('columns.vendor'), dataIndex: 'name' },
          { title: t('columns.description'), dataIndex: 'description', ellipsis: true },
          {
            title: t('columns.status'),
            key: 'status',
            render: (_value, vendor) => (
              <Tag color={vendor.status === 1 ? 'green' : 'default'}>
                {vendor.status === 1 ? t('status.enabled') : t('status.disabled')}
              </Tag>
            ),
          },
          namedActionsColumn<VendorView>(t('columns.actions'), editor.edit, remove.mutateAsync),
        ]}
        rowKey="id"
        dataSource={list.data?.items ?? []}
        loading={list.isLoading}
        pagination={pagination(list.data?.total ?? 0)}
        data-testid="vendor-table"
      />
    </MetaListTab>
  );
}
