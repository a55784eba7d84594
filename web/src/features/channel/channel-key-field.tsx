import { Form, Input, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChannelKeyButton } from './channel-key-dialog';
import type { ChannelFormValues } from './channel-form';
import { jsonArea } from './json-text-field';
import { typeFieldsOf } from './channel-type-fields';
import { WatchChannelFields } from './watch-channel-fields';

interface ChannelKeyFieldProps {
  channelId: number | null;
  /** Only the super admin may read a stored key. */
  canReadKey: boolean;
}

/**
 * The key: a password field for one key, a text area for key lines (batch or multi-key) or a JSON key;
 * on create, the batch switch beside it, and on edit the super admin's "show key".
 */
export function ChannelKeyField({ channelId, canReadKey }: ChannelKeyFieldProps) {
  const { t } = useTranslation('channel');
  const creating = channelId === null;
  const placeholder = (values: ChannelFormValues, keyFormat: string | undefined) => {
    if (!creating) return canReadKey ? t('editor.keyKeep') : t('editor.keyKeepHere');
    if (values.batch) return t('editor.keyBatch');
    return keyFormat ? t('editor.keyFormat', { format: keyFormat }) : t('editor.keyPlaceholder');
  };

  return (
    <WatchChannelFields names={['type', 'batch', 'multiToSingle', 'multiKeySize']}>
      {(values, form) => {
        const spec = typeFieldsOf(values.type);
        const lines = values.batch || values.multiToSingle || values.multiKeySize > 0 || spec.jsonKey;
        return (
          <Form.Item
            label={spec.jsonKey ? t('editor.jsonKey') : t('fields.key')}
            required={creating}
            extra={
              <Space size={16} style={{ marginTop: 4 }}>
                {creating ? (
                  <Space size={6}>
                    <Form.Item<ChannelFormValues> name="batch" valuePropName="checked" noStyle>
                      <Switch
                        size="small"
                        onChange={() => form.setFieldValue('multiToSingle', false)}
                        data-testid="channel-batch"
                      />
                    </Form.Item>
                    {t('editor.batch')}
                  </Space>
                ) : null}
                {channelId !== null && canReadKey ? <ChannelKeyButton channelId={channelId} /> : null}
              </Space>
            }
          >
            <Form.Item<ChannelFormValues> name="key" noStyle>
              {lines ? (
                <Input.TextArea
                  {...jsonArea}
                  placeholder={placeholder(values, spec.keyFormat)}
                  data-testid="channel-key"
                />
              ) : (
                <Input.Password
                  placeholder={placeholder(values, spec.keyFormat)}
                  autoComplete="new-password"
                  data-testid="channel-key"
                />
              )}
            </Form.Item>
          </Form.Item>
        );
      }}
    </WatchChannelFields>
  );
}
