import type { ModelMetaBody, ModelMetaView, VendorView } from '@switchboard/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveModelMeta } from '../../api/resources/model-meta';
import { MetaFormDrawer, MetaStatusItem } from './meta-form-drawer';

/** A new model's fields: matched by exact name, no vendor, enabled. */
const BLANK: ModelMetaBody = {
  model_name: '',
  name_rule: 0,
  vendor_id: 0,
  description: '',
  tags: '',
  icon: '',
  endpoints: '',
  status: 1,
};

export interface ModelEditorProps {
  open: boolean;
  /** the entry edited, or a name to prefill a new one with (from the missing list) */
  model: ModelMetaView | { model_name: string } | null;
  vendors: VendorView[];
  onClose: () => void;
}

/** Adds or edits one model's metadata. */
export function ModelEditor({ open, model, vendors, onClose }: ModelEditorProps) {
  const { t } = useTranslation('model-meta');
  const existing = model && 'id' in model ? model : null;
  const prefill = model && !('id' in model) ? model : undefined;
  return (
    <MetaFormDrawer
      kind="models"
      open={open}
      onClose={onClose}
      stored={existing}
      blank={BLANK}
      prefill={prefill}
      save={saveModelMeta}
    >
      <Form.Item name="name_rule" label={t('fields.nameRule')}>
        <Select options={[0, 1, 2, 3].map((rule) => ({ value: rule, label: t(`nameRules.${rule}`) }))} />
      </Form.Item>
      <Form.Item name="vendor_id" label={t('fields.vendor')}>
        <Select
          data-testid="model-meta-vendor"
          options={[
            { value: 0, label: t('fields.noVendor') },
            ...vendors.map((vendor) => ({ value: vendor.id, label: vendor.name })),
          ]}
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={3} data-testid="model-meta-description" />
      </Form.Item>
      <Form.Item name="tags" label={t('fields.tags')} extra={t('fields.tagsHint')}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="icon" label={t('fields.icon')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="endpoints" label={t('fields.endpoints')} extra={t('fields.endpointsHint')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <MetaStatusItem />
    </MetaFormDrawer>
  );
}
