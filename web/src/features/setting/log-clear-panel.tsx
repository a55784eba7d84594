import { Button, DatePicker, Divider, Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearLogsBefore } from '../../api/resources/log';
import { modals, toast } from '../../components/feedback';

/** Clears usage logs older than a chosen date (`DELETE /api/log/?target_timestamp=`). */
export function LogClearPanel() {
  const { t } = useTranslation('setting');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [clearing, setClearing] = useState(false);

  const clear = async (before: Dayjs) => {
    setClearing(true);
    try {
      const count = await clearLogsBefore(before.unix());
      toast.success(t('logClear.done', { count }));
    } catch {
      toast.error(t('logClear.failed'));
    } finally {
      setClearing(false);
    }
  };

  const ask = () => {
    if (!date) {
      toast.error(t('logClear.dateRequired'));
      return;
    }
    modals().confirm({
      title: t('logClear.confirmTitle'),
      content: t('logClear.confirmContent', { date: date.format('YYYY-MM-DD HH:mm:ss') }),
      okButtonProps: { danger: true },
      onOk: () => clear(date),
    });
  };

  return (
    <>
      <Divider />
      <Typography.Paragraph type="secondary">{t('logClear.summary')}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <DatePicker
          showTime
          value={date}
          onChange={setDate}
          placeholder={t('logClear.datePlaceholder')}
          data-testid="log-clear-date"
        />
        <Button danger loading={clearing} onClick={ask} data-testid="log-clear">
          {t('logClear.button')}
        </Button>
      </Flex>
    </>
  );
}
