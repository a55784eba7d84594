import { firstTokenLevel, useTimeLevel, type DurationLevel } from '@switchboard/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colourOf: Record<DurationLevel, string> = { green: 'green', orange: 'orange', red: 'red' };

/** Use time, first-token time and the stream mark of one call, coloured by spec 001 §9. */
export function DurationTags({
  useTime,
  firstTokenMs,
  isStream,
}: {
  useTime: number;
  firstTokenMs?: number;
  isStream: boolean;
}) {
  const { t } = useTranslation('log');
  const showFirstToken = isStream && firstTokenMs !== undefined && firstTokenMs > 0;
  return (
    <Space size={4} wrap>
      <Tag color={colourOf[useTimeLevel(useTime)]} data-testid="log-use-time" data-level={useTimeLevel(useTime)}>
        {t('duration.seconds', { seconds: useTime })}
      </Tag>
      {showFirstToken ? (
        <Tag
          color={colourOf[firstTokenLevel(firstTokenMs)]}
          data-testid="log-first-token"
          data-level={firstTokenLevel(firstTokenMs)}
        >
          {t('duration.seconds', { seconds: (firstTokenMs / 1000).toFixed(1) })}
        </Tag>
      ) : null}
      <Tag color={isStream ? 'blue' : 'default'} data-testid="log-stream">
        {isStream ? t('duration.stream') : t('duration.nonStream')}
      </Tag>
    </Space>
  );
}
