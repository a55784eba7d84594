import { Form, Switch } from 'antd';

interface SwitchFieldProps {
  name: string;
  label: string;
  hint: string;
  testId: string;
}

/** An on/off field of a form, under its label, with its hint. */
export function SwitchField({ name, label, hint, testId }: SwitchFieldProps) {
  return (
    <Form.Item name={name} valuePropName="checked" label={label} extra={hint}>
      <Switch data-testid={testId} />
    </Form.Item>
  );
}
