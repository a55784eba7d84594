import { channelTypeById } from '@switchboard/contract';
import { Alert, AutoComplete, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChannelKeyButton } from './channel-key-dialog';
import type { ChannelFormValues } from './channel-form';
import { ChannelCapFields } from './channel-cap-fields';
import { ChannelModelsField } from './channel-models-field';
import { MultiKeyFields } from './multi-key-fields';
import { typeFieldsOf } from './channel-type-fields';
import { channelTypeOptions } from './channel-type-options';

interface ChannelEditorFieldsProps {
  values: ChannelFormValues;
  onChange: (patch: Partial<ChannelFormValues>) => void;
  channelId: number | null;
  groupOptions: string[];
  /** Only the super admin may read a stored key. */
  canReadKey: boolean;
}

const jsonArea = { autoSize: { minRows: 2, maxRows: 8 }, spellCheck: false } as const;

/** Every common and type-specific field of the channel editor. */
export function ChannelEditorFields({
  values,
  onChange,
  channelId,
  groupOptions,
  canReadKey,
}: ChannelEditorFieldsProps) {
  const { t } = useTranslation('channel');
  const creating = channelId === null;
  const spec = typeFieldsOf(values.type);
  const typeOptions = channelTypeOptions(values.type, (key, defaultValue) => t(key, { defaultValue }));
  const typeUnavailable = channelTypeById(values.type)?.relayable === false;
  const keyPlaceholder = creating
    ? values.batch
      ? t('editor.keyBatch')
      : spec.keyFormat
        ? t('editor.keyFormat', { format: spec.keyFormat })
        : t('editor.keyPlaceholder')
    : canReadKey
      ? t('editor.keyKeep')
      : t('editor.keyKeepHere');

  return (
    <>
      <Form.Item label={t('fields.type')} required>
        <Select
          showSearch
          optionFilterProp="label"
          value={values.type}
          options={typeOptions}
          onChange={(type: number) => onChange({ type })}
          data-testid="channel-type"
        />
      </Form.Item>
      {typeUnavailable ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('editor.typeUnavailableNotice')}
          data-testid="channel-type-unavailable"
        />
      ) : null}
      {spec.invite ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              {t('editor.inviteNotice')}{' '}
              <a href={spec.invite} target="_blank" rel="noreferrer">
                {spec.invite}
              </a>
            </span>
          }
        />
      ) : null}
      <Form.Item label={t('fields.name')} required>
        <Input
          value={values.name}
          onChange={(event) => onChange({ name: event.target.value })}
          placeholder={t('editor.namePlaceholder')}
          data-testid="channel-name-input"
        />
      </Form.Item>
      <Form.Item label={t(spec.baseUrlLabel)} extra={spec.baseUrlHint ? t(spec.baseUrlHint) : undefined}>
        <Input
          value={values.baseUrl}
          onChange={(event) => onChange({ baseUrl: event.target.value })}
          placeholder={channelTypeById(values.type)?.baseUrl || t('editor.baseUrlPlaceholder')}
          data-testid="channel-base-url"
        />
      </Form.Item>
      {spec.other ? (
        <Form.Item label={t(spec.other.label)}>
          <Input
            value={values.other}
            onChange={(event) => onChange({ other: event.target.value })}
            placeholder={spec.other.placeholder}
            data-testid="channel-other"
          />
        </Form.Item>
      ) : null}
      {spec.organization ? (
        <Form.Item label={t('fields.organization')}>
          <Input
            value={values.organization}
            onChange={(event) => onChange({ organization: event.target.value })}
            data-testid="channel-organization"
          />
        </Form.Item>
      ) : null}
      <Form.Item
        label={spec.jsonKey ? t('editor.jsonKey') : t('fields.key')}
        required={creating}
        extra={
          <Space size={16} style={{ marginTop: 4 }}>
            {creating ? (
              <Space size={6}>
                <Switch
                  size="small"
                  checked={values.batch}
                  onChange={(batch) => onChange({ batch, multiToSingle: false })}
                  data-testid="channel-batch"
                />
                {t('editor.batch')}
              </Space>
            ) : null}
            {channelId !== null && canReadKey ? <ChannelKeyButton channelId={channelId} /> : null}
          </Space>
        }
      >
        {values.batch || values.multiToSingle || values.multiKeySize > 0 || spec.jsonKey ? (
          <Input.TextArea
            {...jsonArea}
            value={values.key}
            onChange={(event) => onChange({ key: event.target.value })}
            placeholder={keyPlaceholder}
            data-testid="channel-key"
          />
        ) : (
          <Input.Password
            value={values.key}
            onChange={(event) => onChange({ key: event.target.value })}
            placeholder={keyPlaceholder}
            autoComplete="new-password"
            data-testid="channel-key"
          />
        )}
      </Form.Item>
      <MultiKeyFields values={values} onChange={onChange} creating={creating} />
      <Form.Item label={t('fields.groups')}>
        <Select
          mode="tags"
          value={values.groups}
          onChange={(groups: string[]) => onChange({ groups })}
          options={groupOptions.map((group) => ({ value: group, label: group }))}
          data-testid="channel-groups"
        />
      </Form.Item>
      <ChannelModelsField values={values} channelId={channelId} onChange={(models) => onChange({ models })} />
      <Form.Item label={t('fields.testModel')}>
        <AutoComplete
          value={values.testModel}
          onChange={(testModel: string) => onChange({ testModel })}
          options={values.models.map((model) => ({ value: model }))}
          placeholder={t('editor.testModelPlaceholder')}
          data-testid="channel-test-model-input"
        />
      </Form.Item>
      <Form.Item label={t('fields.modelMapping')} extra={t('editor.modelMappingHint')}>
        <Input.TextArea
          {...jsonArea}
          value={values.modelMapping}
          onChange={(event) => onChange({ modelMapping: event.target.value })}
          placeholder='{"gpt-3.5-turbo": "gpt-3.5-turbo-0125"}'
          data-testid="channel-model-mapping"
        />
      </Form.Item>
      <Form.Item label={t('fields.tag')}>
        <Input
          value={values.tag}
          onChange={(event) => onChange({ tag: event.target.value })}
          placeholder={t('editor.tagPlaceholder')}
          data-testid="channel-tag"
        />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item label={t('fields.priority')}>
          <InputNumber
            min={-999}
            precision={0}
            value={values.priority}
            onChange={(priority) => onChange({ priority })}
            data-testid="channel-priority-input"
          />
        </Form.Item>
        <Form.Item label={t('fields.weight')}>
          <InputNumber
            min={0}
            precision={0}
            value={values.weight}
            onChange={(weight) => onChange({ weight })}
            data-testid="channel-weight-input"
          />
        </Form.Item>
        <Form.Item label={t('fields.autoBan')}>
          <Switch
            checked={values.autoBan}
            onChange={(autoBan) => onChange({ autoBan })}
            data-testid="channel-auto-ban"
          />
        </Form.Item>
      </Space>
      <ChannelCapFields values={values} onChange={onChange} />
      <Form.Item label={t('fields.statusCodeMapping')} extra={t('editor.statusCodeMappingHint')}>
        <Input.TextArea
          {...jsonArea}
          value={values.statusCodeMapping}
          onChange={(event) => onChange({ statusCodeMapping: event.target.value })}
          placeholder='{"400": "500"}'
          data-testid="channel-status-code-mapping"
        />
      </Form.Item>
      <Form.Item label={t('fields.setting')} extra={t('editor.settingHint')}>
        <Input.TextArea
          {...jsonArea}
          value={values.setting}
          onChange={(event) => onChange({ setting: event.target.value })}
          placeholder='{"force_format": true}'
          data-testid="channel-setting"
        />
      </Form.Item>
    </>
  );
}
