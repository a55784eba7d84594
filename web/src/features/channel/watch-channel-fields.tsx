import { Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { ChannelFormValues } from './channel-form';

interface WatchChannelFieldsProps {
  /** the fields whose change renders the children again */
  names: ReadonlyArray<keyof ChannelFormValues>;
  children: (values: ChannelFormValues, form: FormInstance<ChannelFormValues>) => ReactNode;
}

/**
 * The channel editor's parts that depend on other fields, rendered with the form's current values as
 * soon as one of `names` changes (a `shouldUpdate` item: `Form.useWatch` reports a change only a task
 * later, when the next keystroke may already have gone to the field it replaces).
 */
export function WatchChannelFields({ names, children }: WatchChannelFieldsProps) {
  return (
    <Form.Item<ChannelFormValues>
      noStyle
      shouldUpdate={(previous, next) => names.some((name) => previous[name] !== next[name])}
    >
      {(form) => children(form.getFieldsValue(true) as ChannelFormValues, form as FormInstance<ChannelFormValues>)}
    </Form.Item>
  );
}
