import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from './channel-form';

/** A text area for JSON (or several lines): it grows with its text and is not spell-checked. */
export const jsonArea = { autoSize: { minRows: 2, maxRows: 8 }, spellCheck: false } as const;

/** The channel's JSON object fields: their label and hint (i18n keys), an example object and the test id. */
const jsonFields = {
  modelMapping: {
    label: 'fields.modelMapping',
    hint: 'editor.modelMappingHint',
    example: '{"gpt-3.5-turbo": "gpt-3.5-turbo-0125"}',
    testId: 'channel-model-mapping',
  },
  statusCodeMapping: {
    label: 'fields.statusCodeMapping',
    hint: 'editor.statusCodeMappingHint',
    example: '{"400": "500"}',
    testId: 'channel-status-code-mapping',
  },
  setting: {
    label: 'fields.setting',
    hint: 'editor.settingHint',
    example: '{"force_format": true}',
    testId: 'channel-setting',
  },
} as const;

/** One of the channel's JSON object fields; an empty one configures nothing. */
export function JsonTextField({ name }: { name: keyof typeof jsonFields }) {
  const { t } = useTranslation('channel');
  const { label, hint, example, testId } = jsonFields[name];
  return (
    <Form.Item<ChannelFormValues> name={name} label={t(label)} extra={t(hint)}>
      <Input.TextArea {...jsonArea} placeholder={example} data-testid={testId} />
    </Form.Item>
  );
}
