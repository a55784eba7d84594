import { InputNumber, type InputNumberProps } from 'antd';

type WholeNumberInputProps = Omit<InputNumberProps<number>, 'precision' | 'onChange'> & {
  /** the number typed, or null while the field is empty; given by a `Form.Item` that names a field */
  onChange?: (value: number | null) => void;
};

/** An input of whole numbers whose empty value is null. */
export function WholeNumberInput({ onChange, ...props }: WholeNumberInputProps) {
  return (
    <InputNumber<number>
      {...props}
      precision={0}
      onChange={(value) => onChange?.(typeof value === 'number' ? value : null)}
    />
  );
}
