import { InputNumber } from 'antd';
import { useEffect, useState } from 'react';

interface InlineNumberProps {
  value: number;
  min: number;
  /** Called with the new integer when the field loses focus or Enter is pressed, only if it changed. */
  onCommit: (value: number) => void;
  testId: string;
}

/** An integer edited in place in a table cell (priority and weight, spec 001 Channel list). */
export function InlineNumber({ value, min, onCommit, testId }: InlineNumberProps) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft === null || !Number.isInteger(draft) || draft === value) {
      setDraft(value);
      return;
    }
    onCommit(Math.max(draft, min));
  };
  return (
    <InputNumber
      size="small"
      style={{ width: 80 }}
      min={min}
      precision={0}
      value={draft}
      onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
      onBlur={commit}
      onPressEnter={commit}
      data-testid={testId}
    />
  );
}
