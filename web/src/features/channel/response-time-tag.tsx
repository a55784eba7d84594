import { responseTimeLevel, type ResponseTimeLevel } from '@switchboard/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 001 §4: untested, then green up to 1 s, the next two colours up to 3 s and 5 s, red above. */
export const responseTimeColours: Record<ResponseTimeLevel, string> = {
  untested: 'default',
  fast: 'green',
  good: 'lime',
  slow: 'yellow',
  bad: 'red',
};

export function ResponseTimeTag({ milliseconds }: { milliseconds: number }) {
  const { t } = useTranslation('channel');
  const level = responseTimeLevel(milliseconds);
  return (
    <Tag color={responseTimeColours[level]} data-testid="channel-response-time" data-level={level}>
      {level === 'untested' ? t('responseTime.untested') : t('responseTime.seconds', { seconds: (milliseconds / 1000).toFixed(2) })}
    </Tag>
  );
}
