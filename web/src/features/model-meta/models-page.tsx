import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { ModelsTab } from './models-tab';
import { PrefillGroupsTab } from './prefill-groups-tab';
import { VendorsTab } from './vendors-tab';

/** /models: model and vendor metadata and prefill groups, admin (issue 37). */
export default function ModelsPage() {
  const { t } = useTranslation('model-meta');
  return (
    <PageFrame title={t('title')} summary={t('summary')}>
      <Card variant="borderless">
        <Tabs
          items={[
            { key: 'models', label: t('tabs.models'), children: <ModelsTab /> },
            { key: 'vendors', label: t('tabs.vendors'), children: <VendorsTab /> },
            { key: 'prefill', label: t('tabs.prefill'), children: <PrefillGroupsTab /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
