import { Form, Input } from 'antd';

export interface RequiredTextItemProps {
  name: string;
  label: string;
  /** said when the field is empty or blank */
  requiredMessage: string;
  maxLength: number;
  testId: string;
}

/** A text field a form cannot be saved without (a name, a title). */
export function RequiredTextItem({ name, label, requiredMessage, maxLength, testId }: RequiredTextItemProps) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
      <Input maxLength={maxLength} data-testid={testId} />
    </Form.Item>
  );
}
