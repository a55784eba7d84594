import { responseTimeLevel, type ResponseTimeLevel } from '@switchboard/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestFailure } from './test-outcomes';

/** Spec 001 §4: untested, then green up to 1 s, the next two colours up to 3 s and 5 s, red above. */
export const responseTimeColours: Record<ResponseTimeLevel, string> = {
  untested: 'default',
  fast: 'green',
  good: 'lime',
  slow: 'yellow',
  bad: 'red',
};

/** The stored response time, or a red "failed" when the channel's last test here failed. */
export function ResponseTimeTag({ milliseconds, channelId }: { milliseconds: number; channelId?: number }) {
  const { t } = useTranslation('channel');
  const failure = useTestFailure(channelId ?? -1);
  if (failure !== null) {
    return (
      <Tooltip title={failure}>
        <Tag color="red" data-testid="channel-response-time" data-level="failed">
          {t('responseTime.failed')}
        </Tag>
      </Tooltip>
    );
  }
  const level = responseTimeLevel(milliseconds);
  return (
    <Tag color={responseTimeColours[level]} data-testid="channel-response-time" data-level={level}>
      {level === 'untested'
        ? t('responseTime.untested')
        : t('responseTime.seconds', { seconds: (milliseconds / 1000).toFixed(2) })}
    </Tag>
  );
}
