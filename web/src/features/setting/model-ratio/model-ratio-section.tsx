import { priceTableKeys } from '@switchboard/contract';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modals, toast } from '../../../components/feedback';
import { fieldsOf } from '../option-fields';
import { OptionSection, sectionAnchorId } from '../option-section';
import { resetPriceTables, useRefreshAfterSave, type OptionValues } from '../../../api/resources/options';
import { ModelRatioTable } from './model-ratio-table';

const jsonFields = fieldsOf([...priceTableKeys]);

/** Model prices and ratios, as JSON or as a table, with a reset to the default price table. */
export function ModelRatioSection({ options }: { options: OptionValues }) {
  const { t } = useTranslation('setting');
  const refresh = useRefreshAfterSave();
  const [resetting, setResetting] = useState(false);

  const reset = () =>
    modals().confirm({
      title: t('ratioEditor.resetTitle'),
      content: t('ratioEditor.resetContent'),
      okButtonProps: { danger: true },
      onOk: async () => {
        setResetting(true);
        try {
          await resetPriceTables();
          toast.success(t('ratioEditor.resetDone'));
          await refresh();
        } finally {
          setResetting(false);
        }
      },
    });

  return (
    <Card
      title={t('sections.modelRatios')}
      extra={
        <Button danger loading={resetting} onClick={reset} data-testid="reset-ratios">
          {t('ratioEditor.reset')}
        </Button>
      }
      id={sectionAnchorId('modelRatios')}
      data-testid="section-modelRatios"
    >
      <Tabs
        items={[
          { key: 'table', label: t('ratioEditor.tableView'), children: <ModelRatioTable options={options} /> },
          {
            key: 'json',
            label: t('ratioEditor.jsonView'),
            children: <OptionSection name="modelRatiosJson" fields={jsonFields} options={options} />,
          },
        ]}
      />
    </Card>
  );
}
