import { InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../components/feedback';

interface InlineNumberProps {
  value: number;
  min: number;
  /** Said when the typed value is not an integer of at least `min`; the cell then shows the saved value again. */
  invalidMessage: string;
  /** Called with the new integer when the field loses focus or Enter is pressed, only if it changed. */
  onCommit: (value: number) => void;
  testId: string;
}

/**
 * An integer edited in place in a table cell (priority and weight, spec 001 Channel list). The field
 * keeps what was typed (no silent clamping to `min`), so a value out of range is refused with a reason.
 */
export function InlineNumber({ value, min, invalidMessage, onCommit, testId }: InlineNumberProps) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft === null || draft === value) {
      setDraft(value);
      return;
    }
    if (!Number.isInteger(draft) || draft < min) {
      toast.error(invalidMessage);
      setDraft(value);
      return;
    }
    onCommit(draft);
  };
  return (
    <InputNumber
      size="small"
      style={{ width: 80 }}
      value={draft}
      onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
      onBlur={commit}
      onPressEnter={commit}
      data-testid={testId}
    />
  );
}
