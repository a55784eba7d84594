import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { LimitInput } from '../../components/limit-input';
import type { ChannelFormValues } from './channel-form';

interface ChannelCapFieldsProps {
  values: ChannelFormValues;
  onChange: (patch: Partial<ChannelFormValues>) => void;
}

/** The channel's caps (issue 22): selection passes over a channel at its cap instead of failing the call. */
export function ChannelCapFields({ values, onChange }: ChannelCapFieldsProps) {
  const { t } = useTranslation('channel');
  return (
    <>
      <Form.Item label={t('fields.maxConcurrency')} extra={t('editor.maxConcurrencyHint')}>
        <LimitInput
          value={values.maxConcurrency}
          onChange={(maxConcurrency) => onChange({ maxConcurrency })}
          data-testid="channel-max-concurrency"
        />
      </Form.Item>
      <Form.Item label={t('fields.dailyTokenLimit')} extra={t('editor.dailyTokenLimitHint')}>
        <LimitInput
          value={values.dailyTokenLimit}
          step={100_000}
          onChange={(dailyTokenLimit) => onChange({ dailyTokenLimit })}
          data-testid="channel-daily-token-limit"
        />
      </Form.Item>
    </>
  );
}
