import { LogKind } from '@switchboard/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const typeColours: Record<number, string> = {
  [LogKind.TopUp]: 'cyan',
  [LogKind.Consumption]: 'green',
  [LogKind.Admin]: 'orange',
  [LogKind.System]: 'purple',
};

export function LogTypeTag({ type }: { type: number }) {
  const { t } = useTranslation('log');
  return (
    <Tag color={typeColours[type] ?? 'default'} data-testid="log-type">
      {t(`types.${type}`, { defaultValue: t('types.unknown') })}
    </Tag>
  );
}
