import { InputNumber } from 'antd';

interface LimitInputProps {
  value: number | null;
  onChange: (value: number | null) => void;
  step?: number;
  'data-testid'?: string;
}

/** A cap or rate limit: a whole number of 0 or more, where 0 or empty means no limit. */
export function LimitInput({ value, onChange, step = 1, 'data-testid': testId }: LimitInputProps) {
  return (
    <InputNumber
      value={value}
      min={0}
      step={step}
      precision={0}
      placeholder="0"
      style={{ width: '100%' }}
      onChange={(next) => onChange(typeof next === 'number' ? next : null)}
      data-testid={testId}
    />
  );
}
