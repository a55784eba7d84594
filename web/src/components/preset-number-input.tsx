import { Button, InputNumber, Space } from 'antd';
import type { ReactNode } from 'react';

interface PresetNumberInputProps {
  /** given by the `Form.Item` around it */
  value?: number | null;
  onChange?: (value: number | null) => void;
  min: number;
  presets: readonly number[];
  presetText: (preset: number) => ReactNode;
  /** the input's test id; a preset's is `<testId>-<preset>` */
  testId: string;
}

/** A whole number, empty as null, with a row of buttons that fill in common values. */
export function PresetNumberInput({ value, onChange, min, presets, presetText, testId }: PresetNumberInputProps) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <InputNumber
        value={value}
        min={min}
        step={1}
        precision={0}
        style={{ width: '100%' }}
        onChange={(next) => onChange?.(typeof next === 'number' ? next : null)}
        data-testid={testId}
      />
      <Space wrap>
        {presets.map((preset) => (
          <Button key={preset} size="small" onClick={() => onChange?.(preset)} data-testid={`${testId}-${preset}`}>
            {presetText(preset)}
          </Button>
        ))}
      </Space>
    </Space>
  );
}
