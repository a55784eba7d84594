import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** How a chosen time is shown: the same in every language, unlike the browser's own date inputs. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The local text the forms and filters keep (what `expiryText` writes). */
const TEXT_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

const parse = (text: string): Dayjs | null => {
  if (text.trim() === '') return null;
  const value = dayjs(text);
  return value.isValid() ? value : null;
};
const textOf = (value: Dayjs | null | undefined): string => (value ? value.format(TEXT_FORMAT) : '');

interface DateTimeFieldProps {
  value: string;
  onChange: (text: string) => void;
  label?: string;
  placeholder?: string;
  testId?: string;
  /** Offer times in the future (expiry) instead of in the past (filters). */
  future?: boolean;
  width?: number | string;
}

/** One local date and time to the second, with quick choices, in the console's language. */
export function DateTimeField({
  value,
  onChange,
  label,
  placeholder,
  testId,
  future,
  width = 210,
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const now = dayjs();
  const presets = future
    ? [
        { label: t('common:dates.inHour'), value: now.add(1, 'hour') },
        { label: t('common:dates.inDay'), value: now.add(1, 'day') },
        { label: t('common:dates.inWeek'), value: now.add(7, 'day') },
        { label: t('common:dates.inMonth'), value: now.add(30, 'day') },
      ]
    : [
        { label: t('common:dates.now'), value: now },
        { label: t('common:dates.todayStart'), value: now.startOf('day') },
        { label: t('common:dates.dayAgo'), value: now.subtract(1, 'day') },
        { label: t('common:dates.weekAgo'), value: now.subtract(7, 'day') },
        { label: t('common:dates.monthAgo'), value: now.subtract(30, 'day') },
      ];
  return (
    <DatePicker
      showTime
      needConfirm={false}
      format={DATE_TIME_FORMAT}
      value={parse(value)}
      onChange={(next) => onChange(textOf(next))}
      presets={presets}
      placeholder={placeholder ?? label}
      aria-label={label}
      style={{ width }}
      data-testid={testId}
    />
  );
}

interface DateTimeRangeProps {
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
  testId: string;
}

/** A from–to range with quick ranges (today, last 24 hours, 7 days, 30 days); either end may stay open. */
export function DateTimeRange({ start, end, onChange, testId }: DateTimeRangeProps) {
  const { t } = useTranslation();
  const now = dayjs();
  const presets: Array<{ label: string; value: [Dayjs, Dayjs] }> = [
    { label: t('common:dates.today'), value: [now.startOf('day'), now.endOf('day')] },
    { label: t('common:dates.last24h'), value: [now.subtract(1, 'day'), now] },
    { label: t('common:dates.last7d'), value: [now.subtract(7, 'day').startOf('day'), now.endOf('day')] },
    { label: t('common:dates.last30d'), value: [now.subtract(30, 'day').startOf('day'), now.endOf('day')] },
  ];
  return (
    <span data-testid={testId} style={{ display: 'inline-flex', maxWidth: '100%' }}>
      <DatePicker.RangePicker
        showTime
        needConfirm={false}
        allowEmpty={[true, true]}
        format={DATE_TIME_FORMAT}
        value={[parse(start), parse(end)]}
        onChange={(values) => onChange(textOf(values?.[0]), textOf(values?.[1]))}
        presets={presets}
        placeholder={[t('common:dates.from'), t('common:dates.to')]}
        style={{ width: 380, maxWidth: '100%' }}
      />
    </span>
  );
}
