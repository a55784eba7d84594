import {
  multiKeyModes,
  type ChannelCreateRequest,
  type ChannelUpdateRequest,
  type MultiKeyMode,
} from '@switchboard/contract';
import { Alert, Form, Radio, Select, Space, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from './channel-form';
import { WatchChannelFields } from './watch-channel-fields';

/** The create body's mode: one channel, one per key line (batch), or one multi-key channel. */
export const addModeOf = (form: ChannelFormValues): Pick<ChannelCreateRequest, 'mode' | 'multi_key_mode'> =>
  form.multiToSingle
    ? { mode: 'multi_to_single', multi_key_mode: form.multiKeyMode }
    : { mode: form.batch ? 'batch' : 'single' };

/** The edit body's multi-key fields, on a multi-key channel only. */
export const keyEditOf = (form: ChannelFormValues): Pick<ChannelUpdateRequest, 'key_mode' | 'multi_key_mode'> =>
  form.multiKeySize > 0 ? { key_mode: form.keyMode, multi_key_mode: form.multiKeyMode } : {};

/**
 * The channel editor's multi-key part (issue 37): on create, "multi-key channel" beside batch creation
 * with its rotation; on a stored multi-key channel, its rotation and whether sent keys are appended
 * or replace the old ones.
 */
export function MultiKeyFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation('multikey');
  const rotation = (
    <Form.Item<ChannelFormValues> name="multiKeyMode" label={t('editor.rotation')}>
      <Select<MultiKeyMode>
        style={{ width: 220 }}
        options={multiKeyModes.map((mode) => ({ value: mode, label: t(`mode.${mode}`) }))}
        data-testid="channel-multi-key-mode"
      />
    </Form.Item>
  );
  const creatingFields = ({ multiToSingle }: ChannelFormValues, form: FormInstance<ChannelFormValues>) => (
    <Space size={24} align="start" wrap>
      <Form.Item<ChannelFormValues>
        name="multiToSingle"
        valuePropName="checked"
        label={t('editor.multiToSingle')}
        extra={multiToSingle ? t('editor.keysPlaceholder') : undefined}
      >
        <Switch onChange={() => form.setFieldValue('batch', false)} data-testid="channel-multi-to-single" />
      </Form.Item>
      {multiToSingle ? rotation : null}
    </Space>
  );
  const editingFields = ({ multiKeySize, keyMode }: ChannelFormValues) =>
    multiKeySize === 0 ? null : (
      <>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('editor.multiKeyNotice', { size: multiKeySize })}
          data-testid="channel-multi-key-notice"
        />
        <Space size={24} align="start" wrap>
          {rotation}
          <Form.Item<ChannelFormValues>
            name="keyMode"
            label={t('editor.keyMode')}
            extra={keyMode === 'append' ? t('editor.appendPlaceholder') : t('editor.replacePlaceholder')}
          >
            <Radio.Group data-testid="channel-key-mode">
              <Radio value="append">{t('editor.append')}</Radio>
              <Radio value="replace">{t('editor.replace')}</Radio>
            </Radio.Group>
          </Form.Item>
        </Space>
      </>
    );
  return (
    <WatchChannelFields names={['multiToSingle', 'multiKeySize', 'keyMode']}>
      {creating ? creatingFields : editingFields}
    </WatchChannelFields>
  );
}
