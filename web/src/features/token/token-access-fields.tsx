import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormValues } from '../../components/form-values';
import { SwitchField } from '../../components/switch-field';
import type { TokenFormValues } from './token-form';
import { useUsableModels } from '../../api/resources/self';
import { useUsableGroups } from './usable-options';

/** Who may use the token and for what: IP whitelist, model limit and group. */
export function TokenAccessFields() {
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
      <Form.Item name="allowIps" label={t('drawer.allowIps')} extra={t('drawer.allowIpsHint')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('drawer.allowIpsPlaceholder')}
          data-testid="token-allow-ips"
        />
      </Form.Item>
      <SwitchField
        name="modelLimitsEnabled"
        label={t('drawer.modelLimits')}
        hint={t('drawer.modelLimitsHint')}
        testId="token-model-limits-enabled"
      />
      <FormValues<TokenFormValues> names={['modelLimitsEnabled']}>
        {({ modelLimitsEnabled }) =>
          modelLimitsEnabled ? (
            <Form.Item name="modelLimits" label={t('drawer.models')}>
              <Select
                mode="tags"
                options={models.map((model) => ({ value: model, label: model }))}
                loading={modelsLoading}
                placeholder={t('drawer.modelsPlaceholder')}
                data-testid="token-models"
              />
            </Form.Item>
          ) : null
        }
      </FormValues>
      <Form.Item name="group" label={t('drawer.group')}>
        <Select options={groupOptions} loading={groupsLoading} data-testid="token-group" />
      </Form.Item>
    </>
  );
}
