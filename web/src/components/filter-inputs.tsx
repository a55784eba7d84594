import { Flex, Typography } from 'antd';
import { DateTimeField, DateTimeRange } from './date-time-field';
import { SearchInput } from './list-search';
import { expirySeconds, expiryText } from '../features/token/token-form';

/** The unix seconds of a filter's local datetime text; 0 (no bound) for an empty or unreadable text. */
export function secondsOfDateTime(text: string): number {
  const seconds = text.trim() === '' ? 0 : expirySeconds(text);
  return Number.isNaN(seconds) ? 0 : seconds;
}

/** The local datetime text of a filter bound; '' for 0 (no bound). */
export const dateTimeOfSeconds = (seconds: number): string => (seconds ? expiryText(seconds) : '');

/**
 * The inputs of a list's filter bar over a draft of texts: `text` fields (Enter searches) and labelled local
 * date-time bounds to the second; test ids are `<prefix>-<field>`.
 */
export function filterInputs<Draft extends { [Field in keyof Draft]: string }>(
  draft: Draft,
  setDraft: (draft: Draft) => void,
  testIdPrefix: string,
  onEnter: () => void,
) {
  const list = { draft, setDraft, search: onEnter };
  const text = (field: keyof Draft & string, placeholder: string, width = 180) => (
    <SearchInput
      list={list}
      field={field}
      width={width}
      placeholder={placeholder}
      testId={`${testIdPrefix}-${field}`}
    />
  );
  const time = (field: keyof Draft & string, label: string) => (
    <Flex gap={4} align="center">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <DateTimeField
        label={label}
        value={draft[field]}
        onChange={(value) => setDraft({ ...draft, [field]: value })}
        testId={`${testIdPrefix}-${field}`}
      />
    </Flex>
  );
  /** A from–to pair of fields as one range picker with quick ranges; test id `<prefix>-range`. */
  const range = (from: keyof Draft & string, to: keyof Draft & string) => (
    <DateTimeRange
      start={draft[from]}
      end={draft[to]}
      onChange={(start, end) => setDraft({ ...draft, [from]: start, [to]: end })}
      testId={`${testIdPrefix}-range`}
    />
  );
  return { text, time, range };
}
