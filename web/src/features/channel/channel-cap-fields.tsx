import { useTranslation } from 'react-i18next';
import { LimitFields } from '../../components/limit-input';

/** The channel's caps (issue 22): selection passes over a channel at its cap instead of failing the call. */
export function ChannelCapFields() {
  const { t } = useTranslation('channel');
  return (
    <LimitFields
      fields={[
        {
          name: 'maxConcurrency',
          label: t('fields.maxConcurrency'),
          hint: t('editor.maxConcurrencyHint'),
          testId: 'channel-max-concurrency',
        },
        {
          name: 'dailyTokenLimit',
          label: t('fields.dailyTokenLimit'),
          hint: t('editor.dailyTokenLimitHint'),
          step: 100_000,
          testId: 'channel-daily-token-limit',
        },
      ]}
    />
  );
}
