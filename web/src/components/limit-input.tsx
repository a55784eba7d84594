import { Form } from 'antd';
import { WholeNumberInput } from './whole-number-input';

interface LimitInputProps {
  /** given by the `Form.Item` around it when that names a field */
  value?: number | null;
  onChange?: (value: number | null) => void;
  step?: number;
  'data-testid'?: string;
}

/** A cap or rate limit: a whole number of 0 or more, where 0 or empty means no limit. */
export function LimitInput({ step = 1, ...props }: LimitInputProps) {
  return <WholeNumberInput {...props} min={0} step={step} placeholder="0" style={{ width: '100%' }} />;
}

/** One limit of `LimitFields`: a field of the form around it. */
export interface LimitField {
  name: string;
  label: string;
  hint: string;
  step?: number;
  testId: string;
}

/** Limits under their labels, each with its hint. */
export function LimitFields({ fields }: { fields: LimitField[] }) {
  return fields.map((field) => (
    <Form.Item key={field.testId} name={field.name} label={field.label} extra={field.hint}>
      <LimitInput step={field.step} data-testid={field.testId} />
    </Form.Item>
  ));
}
