import { PrefillGroupType, type PrefillGroupBody, type PrefillGroupView } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deletePrefillGroup,
  fetchPrefillGroups,
  MODEL_META_QUERY_KEY,
  savePrefillGroup,
} from '../../api/resources/model-meta';
import { MetaFormDrawer } from './meta-form-drawer';
import { useMetaMutation } from './use-meta-mutation';
import { MetaAddButton, MetaListTab, namedActionsColumn } from './meta-parts';
import { useEditor } from '../../components/list-search';

type GroupType = (typeof PrefillGroupType)[number];

/** A new group's fields: a list of models. */
const BLANK: PrefillGroupBody = { name: '', type: 'model', items: [], description: '' };

/** Items shown in a row before the rest are counted. */
const ITEMS_SHOWN = 8;

function GroupEditor({ open, group, onClose }: { open: boolean; group: PrefillGroupView | null; onClose: () => void }) {
  const { t } = useTranslation('model-meta');
  return (
    <MetaFormDrawer kind="prefill" open={open} onClose={onClose} stored={group} blank={BLANK} save={savePrefillGroup}>
      <Form.Item name="type" label={t('fields.groupType')}>
        <Select options={PrefillGroupType.map((type) => ({ value: type, label: t(`groupTypes.${type}`) }))} />
      </Form.Item>
      <Form.Item name="items" label={t('fields.items')} extra={t('fields.itemsHint')}>
        <Select mode="tags" tokenSeparators={[',', '\n']} open={false} data-testid="prefill-items" />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input maxLength={255} />
      </Form.Item>
    </MetaFormDrawer>
  );
}

/** The prefill groups tab: saved lists of models, tags or endpoints the editors insert in one click. */
export function PrefillGroupsTab() {
  const { t } = useTranslation('model-meta');
  const [type, setType] = useState<GroupType | undefined>();
  const editor = useEditor<PrefillGroupView>();
  const list = useQuery({
    queryKey: [...MODEL_META_QUERY_KEY, 'prefill', type],
    queryFn: () => fetchPrefillGroups(type),
  });
  const remove = useMetaMutation((id: number) => deletePrefillGroup(id), t('messages.deleted'));
  return (
    <MetaListTab
      tools={
        <>
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('fields.groupType')}
            value={type}
            onChange={setType}
            options={PrefillGroupType.map((value) => ({ value, label: t(`groupTypes.${value}`) }))}
          />
          <MetaAddButton label={t('prefill.add')} onAdd={() => editor.edit(null)} testId="prefill-add" />
        </>
      }
      editor={<GroupEditor open={editor.open} group={editor.record} onClose={editor.close} />}
    >
      <Table<PrefillGroupView>
        columns={[
          { title: t('fields.groupName'), dataIndex: 'name' },
          { title: t('fields.groupType'), key: 'type', render: (_value, group) => t(`groupTypes.${group.type}`) },
          {
            title: t('fields.items'),
            key: 'items',
            render: (_value, group) => (
              <Space size={4} wrap>
                {group.items.slice(0, ITEMS_SHOWN).map((item) => (
                  <Tag key={item}>{item}</Tag>
                ))}
                {group.items.length > ITEMS_SHOWN
                  ? t('missing.more', { count: group.items.length - ITEMS_SHOWN })
                  : null}
              </Space>
            ),
          },
          { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
          namedActionsColumn<PrefillGroupView>(t('columns.actions'), editor.edit, remove.mutateAsync),
        ]}
        rowKey="id"
        dataSource={list.data ?? []}
        loading={list.isLoading}
        pagination={false}
        data-testid="prefill-table"
      />
    </MetaListTab>
  );
}
