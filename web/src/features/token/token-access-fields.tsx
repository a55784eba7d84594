import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenFormValues } from './token-form';
import { useUsableModels } from '../../api/resources/self';
import { useUsableGroups } from './usable-options';

interface TokenAccessFieldsProps {
  values: TokenFormValues;
  onChange: (patch: Partial<TokenFormValues>) => void;
}

/** Who may use the token and for what: IP whitelist, model limit and group. */
export function TokenAccessFields({ values, onChange }: TokenAccessFieldsProps) {
  const { t } = useTranslation('token');
  const { models, loading: modelsLoading } = useUsableModels();
  const { groups, loading: groupsLoading } = useUsableGroups();
  const groupOptions = [
    { value: '', label: t('values.userGroup') },
    ...groups.map((group) => ({
      value: group.name,
      label: group.description ? `${group.name} (${group.description})` : group.name,
    })),
  ];
  return (
    <>
      <Form.Item label={t('drawer.allowIps')} extra={t('drawer.allowIpsHint')}>
        <Input.TextArea
          value={values.allowIps}
          onChange={(event) => onChange({ allowIps: event.target.value })}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('drawer.allowIpsPlaceholder')}
          data-testid="token-allow-ips"
        />
      </Form.Item>
      <Form.Item label={t('drawer.modelLimits')} extra={t('drawer.modelLimitsHint')}>
        <Switch
          checked={values.modelLimitsEnabled}
          onChange={(modelLimitsEnabled) => onChange({ modelLimitsEnabled })}
          data-testid="token-model-limits-enabled"
        />
      </Form.Item>
      {values.modelLimitsEnabled ? (
        <Form.Item label={t('drawer.models')}>
          <Select
            mode="tags"
            value={values.modelLimits}
            onChange={(modelLimits: string[]) => onChange({ modelLimits })}
            options={models.map((model) => ({ value: model, label: model }))}
            loading={modelsLoading}
            placeholder={t('drawer.modelsPlaceholder')}
            data-testid="token-models"
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('drawer.group')}>
        <Select
          value={values.group}
          onChange={(group: string) => onChange({ group })}
          options={groupOptions}
          loading={groupsLoading}
          data-testid="token-group"
        />
      </Form.Item>
    </>
  );
}
