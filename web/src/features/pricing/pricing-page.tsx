import { PAGE_SIZES } from '@switchboard/contract';
import { Alert, Card, Flex, Input, Select, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { PageFrame } from '../../components/page-frame';
import { usePageSize } from '../../components/page-size';
import { usePricing } from '../../api/resources/pricing';
import { pricingColumns } from './pricing-columns';
import { initialGroup } from './pricing-display';
import { RatioDiagram } from './ratio-diagram';

/** /pricing: every served model with its billing type, groups, ratios and price in the chosen group (public). */
export default function PricingPage() {
  const { t } = useTranslation('pricing');
  const user = useSessionUser();
  const pricing = usePricing();
  const [search, setSearch] = useState('');
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const [pageSize, setPageSize] = usePageSize();

  const usable = pricing.data?.usable_group ?? {};
  const groupRatios = pricing.data?.group_ratio ?? {};
  const group = chosenGroup ?? initialGroup(Object.keys(usable), user?.group);
  const groupRatio = groupRatios[group] ?? 1;

  const items = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (pricing.data?.data ?? []).filter((item) => item.model_name.toLowerCase().includes(needle));
  }, [pricing.data, search]);

  return (
    <PageFrame title={t('title')} summary={t('summary')}>
      <Alert
        type="info"
        showIcon
        message={t('explanation.title')}
        description={
          <>
            {t('explanation.body')}
            <RatioDiagram />
          </>
        }
        data-testid="pricing-explanation"
      />
      <Card variant="borderless">
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ maxWidth: 320 }}
            data-testid="pricing-search"
          />
          <Select
            value={group}
            onChange={setChosenGroup}
            style={{ minWidth: 240 }}
            options={Object.entries(usable).map(([name, description]) => ({
              value: name,
              label: t('groupOption', { name, description, ratio: groupRatios[name] ?? 1 }),
            }))}
            data-testid="pricing-group"
          />
        </Flex>
        <Table
          rowKey="model_name"
          loading={pricing.isPending}
          dataSource={items}
          columns={pricingColumns(t, group, groupRatio)}
          pagination={{
            pageSize,
            showSizeChanger: true,
            pageSizeOptions: [...PAGE_SIZES],
            onShowSizeChange: (_page, size) => setPageSize(size),
          }}
          scroll={{ x: 'max-content' }}
          data-testid="pricing-table"
        />
      </Card>
    </PageFrame>
  );
}
