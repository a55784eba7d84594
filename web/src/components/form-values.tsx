import { Form } from 'antd';
import type { ReactNode } from 'react';

interface FormValuesProps<Values> {
  /** the fields whose change renders `children` again */
  names: ReadonlyArray<keyof Values & string>;
  children: (values: Values) => ReactNode;
}

/**
 * Part of a form drawn from its current values (a field shown only while a switch is on, a hint that
 * repeats an amount). Unlike `Form.useWatch`, which reports a change a task later, it draws at once.
 */
export function FormValues<Values>({ names, children }: FormValuesProps<Values>) {
  return (
    <Form.Item<Values> noStyle shouldUpdate={(previous, next) => names.some((name) => previous[name] !== next[name])}>
      {(form) => children(form.getFieldsValue(true) as Values)}
    </Form.Item>
  );
}
