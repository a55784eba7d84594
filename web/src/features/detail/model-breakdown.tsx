import { Card, Col, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModelShareChart } from './usage-charts';
import type { ModelTotal } from './usage-series';

/** Consumption, calls and tokens per model: a share chart beside a table. */
export function ModelBreakdown({
  models,
  formatQuota,
}: {
  models: ModelTotal[];
  formatQuota: (value: number) => string;
}) {
  const { t } = useTranslation('detail');
  return (
    <Card title={t('charts.byModel')} data-testid="detail-by-model">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <ModelShareChart models={models} formatQuota={formatQuota} />
        </Col>
        <Col xs={24} lg={14}>
          <Table<ModelTotal>
            rowKey="model"
            size="small"
            pagination={false}
            dataSource={models}
            data-testid="detail-model-table"
            columns={[
              { title: t('columns.model'), dataIndex: 'model', key: 'model' },
              { title: t('columns.quota'), key: 'quota', render: (_value, row) => formatQuota(row.quota) },
              { title: t('columns.count'), dataIndex: 'count', key: 'count' },
              { title: t('columns.tokens'), dataIndex: 'tokens', key: 'tokens' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
