import { useTranslation } from 'react-i18next';
import { LimitFields } from '../../components/limit-input';
import type { ChannelFormValues } from './channel-form';

interface ChannelCapFieldsProps {
  values: ChannelFormValues;
  onChange: (patch: Partial<ChannelFormValues>) => void;
}

/** The channel's caps (issue 22): selection passes over a channel at its cap instead of failing the call. */
export function ChannelCapFields({ values, onChange }: ChannelCapFieldsProps) {
  const { t } = useTranslation('channel');
  return (
    <LimitFields
      fields={[
        {
          label: t('fields.maxConcurrency'),
          hint: t('editor.maxConcurrencyHint'),
          value: values.maxConcurrency,
          onChange: (maxConcurrency) => onChange({ maxConcurrency }),
          testId: 'channel-max-concurrency',
        },
        {
          label: t('fields.dailyTokenLimit'),
          hint: t('editor.dailyTokenLimitHint'),
          step: 100_000,
          value: values.dailyTokenLimit,
          onChange: (dailyTokenLimit) => onChange({ dailyTokenLimit }),
          testId: 'channel-daily-token-limit',
        },
      ]}
    />
  );
}
