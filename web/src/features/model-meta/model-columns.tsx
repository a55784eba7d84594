import type { ModelMetaView, VendorView } from '@switchboard/contract';
import { Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { metaActionsColumn } from './meta-parts';

export interface ModelColumnHandlers {
  onEdit: (model: ModelMetaView) => void;
  onDelete: (model: ModelMetaView) => Promise<unknown>;
  onStatus: (model: ModelMetaView, enabled: boolean) => void;
}

/** The model metadata table: the name and its rule, vendor, what serves it, billing, status and actions. */
export function modelColumns(
  t: TFunction,
  vendors: VendorView[],
  handlers: ModelColumnHandlers,
): ColumnsType<ModelMetaView> {
  const vendorName = (id: number) => vendors.find((vendor) => vendor.id === id)?.name ?? '';
  return [
    {
      title: t('columns.modelName'),
      key: 'name',
      render: (_value, model) => (
        <Space size={4} wrap>
          <Typography.Text strong>{model.model_name}</Typography.Text>
          {model.name_rule !== 0 ? (
            <Tooltip title={(model.matched_models ?? []).join(', ')}>
              <Tag color="blue">
                {t('columns.ruleMatches', { rule: t(`nameRules.${model.name_rule}`), count: model.matched_count ?? 0 })}
              </Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { title: t('columns.vendor'), key: 'vendor', render: (_value, model) => vendorName(model.vendor_id) || '-' },
    { title: t('columns.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('columns.tags'),
      key: 'tags',
      render: (_value, model) =>
        model.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean)
          .map((tag) => <Tag key={tag}>{tag}</Tag>),
    },
    {
      title: t('columns.channels'),
      key: 'channels',
      render: (_value, model) => (
        <Tooltip title={model.bound_channels.map((channel) => channel.name).join(', ')}>
          <span data-testid="model-meta-channel-count">{model.bound_channels.length}</span>
        </Tooltip>
      ),
    },
    {
      title: t('columns.groups'),
      key: 'groups',
      render: (_value, model) => model.enable_groups.map((group) => <Tag key={group}>{group}</Tag>),
    },
    {
      title: t('columns.billing'),
      key: 'billing',
      render: (_value, model) =>
        model.quota_types.map((kind) => <Tag key={kind}>{t(`quotaTypes.${kind === 1 ? 'perCall' : 'perToken'}`)}</Tag>),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_value, model) => (
        <Switch size="small" checked={model.status === 1} onChange={(on) => handlers.onStatus(model, on)} />
      ),
    },
    metaActionsColumn<ModelMetaView>(t('columns.actions'), (model) => ({
      name: model.model_name,
      onEdit: () => handlers.onEdit(model),
      onDelete: () => handlers.onDelete(model),
      testIdPrefix: 'model-meta',
    })),
  ];
}
