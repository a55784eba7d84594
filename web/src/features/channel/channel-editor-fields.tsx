import { channelTypeById } from '@switchboard/contract';
import { Alert, AutoComplete, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from './channel-form';
import { ChannelCapFields } from './channel-cap-fields';
import { ChannelKeyField } from './channel-key-field';
import { ChannelModelsField } from './channel-models-field';
import { JsonTextField } from './json-text-field';
import { MultiKeyFields } from './multi-key-fields';
import { typeFieldsOf } from './channel-type-fields';
import { channelTypeOptions } from './channel-type-options';
import { WatchChannelFields } from './watch-channel-fields';

interface ChannelEditorFieldsProps {
  channelId: number | null;
  groupOptions: string[];
  /** Only the super admin may read a stored key. */
  canReadKey: boolean;
}

const Item = Form.Item<ChannelFormValues>;

/** Every common and type-specific field of the channel editor, inside its `Form`. */
export function ChannelEditorFields({ channelId, groupOptions, canReadKey }: ChannelEditorFieldsProps) {
  const { t } = useTranslation('channel');
  return (
    <>
      <WatchChannelFields names={['type']}>{({ type }) => <TypeFields type={type} />}</WatchChannelFields>
      <ChannelKeyField channelId={channelId} canReadKey={canReadKey} />
      <MultiKeyFields creating={channelId === null} />
      <Item name="groups" label={t('fields.groups')}>
        <Select
          mode="tags"
          options={groupOptions.map((group) => ({ value: group, label: group }))}
          data-testid="channel-groups"
        />
      </Item>
      <ChannelModelsField channelId={channelId} />
      <WatchChannelFields names={['models']}>
        {({ models }) => (
          <Item name="testModel" label={t('fields.testModel')}>
            <AutoComplete
              options={models.map((model) => ({ value: model }))}
              placeholder={t('editor.testModelPlaceholder')}
              data-testid="channel-test-model-input"
            />
          </Item>
        )}
      </WatchChannelFields>
      <JsonTextField name="modelMapping" />
      <Item name="tag" label={t('fields.tag')}>
        <Input placeholder={t('editor.tagPlaceholder')} data-testid="channel-tag" />
      </Item>
      <Space size={16} wrap>
        <Item name="priority" label={t('fields.priority')}>
          <InputNumber min={-999} precision={0} data-testid="channel-priority-input" />
        </Item>
        <Item name="weight" label={t('fields.weight')}>
          <InputNumber min={0} precision={0} data-testid="channel-weight-input" />
        </Item>
        <Item name="autoBan" label={t('fields.autoBan')} valuePropName="checked">
          <Switch data-testid="channel-auto-ban" />
        </Item>
      </Space>
      <ChannelCapFields />
      <JsonTextField name="statusCodeMapping" />
      <JsonTextField name="setting" />
    </>
  );
}

/** The type and the fields whose label, hint or presence depends on it (spec 001 "Type-specific fields"). */
function TypeFields({ type }: { type: number }) {
  const { t } = useTranslation('channel');
  const spec = typeFieldsOf(type);
  const typeOptions = channelTypeOptions(type, (key, defaultValue) => t(key, { defaultValue }));
  return (
    <>
      <Item name="type" label={t('fields.type')} required>
        <Select showSearch optionFilterProp="label" options={typeOptions} data-testid="channel-type" />
      </Item>
      {channelTypeById(type)?.relayable === false ? (
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
      <Item name="name" label={t('fields.name')} required>
        <Input placeholder={t('editor.namePlaceholder')} data-testid="channel-name-input" />
      </Item>
      <Item name="baseUrl" label={t(spec.baseUrlLabel)} extra={spec.baseUrlHint ? t(spec.baseUrlHint) : undefined}>
        <Input
          placeholder={channelTypeById(type)?.baseUrl || t('editor.baseUrlPlaceholder')}
          data-testid="channel-base-url"
        />
      </Item>
      {spec.other ? (
        <Item name="other" label={t(spec.other.label)}>
          <Input placeholder={spec.other.placeholder} data-testid="channel-other" />
        </Item>
      ) : null}
      {spec.organization ? (
        <Item name="organization" label={t('fields.organization')}>
          <Input data-testid="channel-organization" />
        </Item>
      ) : null}
    </>
  );
}
