import type { ModelMetaView, VendorView } from '@switchboard/contract';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createModelMeta, updateModelMeta } from '../../api/resources/model-meta';
import { MetaFormDrawer } from './meta-form-drawer';

interface ModelFormValues {
  model_name: string;
  name_rule: number;
  vendor_id: number;
  description: string;
  tags: string;
  icon: string;
  endpoints: string;
  enabled: boolean;
}

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
  const save = (values: ModelFormValues) => {
    const body = {
      model_name: values.model_name,
      name_rule: values.name_rule,
      vendor_id: values.vendor_id ?? 0,
      description: values.description ?? '',
      tags: values.tags ?? '',
      icon: values.icon ?? '',
      endpoints: values.endpoints ?? '',
      status: values.enabled ? (1 as const) : (0 as const),
    };
    return existing ? updateModelMeta({ ...body, id: existing.id }) : createModelMeta(body);
  };

  return (
    <MetaFormDrawer<ModelFormValues>
      open={open}
      onClose={onClose}
      record={model}
      initial={() => ({
        model_name: model?.model_name ?? '',
        name_rule: existing?.name_rule ?? 0,
        vendor_id: existing?.vendor_id ?? 0,
        description: existing?.description ?? '',
        tags: existing?.tags ?? '',
        icon: existing?.icon ?? '',
        endpoints: existing?.endpoints ?? '',
        enabled: existing ? existing.status === 1 : true,
      })}
      onSave={save}
      title={existing ? t('models.edit') : t('models.add')}
      size={520}
      submitTestId="model-meta-save"
      nameField={{
        name: 'model_name',
        label: t('fields.modelName'),
        requiredMessage: t('fields.modelNameRequired'),
        maxLength: 128,
        testId: 'model-meta-name',
      }}
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
      <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </MetaFormDrawer>
  );
}
