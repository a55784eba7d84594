import { TOKEN_QUANTITY_PRESETS, TOKEN_QUOTA_PRESETS } from '@switchboard/contract';
import { Button, Form, InputNumber, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import type { TokenFormValues } from './token-form';
import { displayDollars } from '../../lib/format';

interface TokenQuotaFieldsProps {
  values: TokenFormValues;
  creating: boolean;
  onChange: (patch: Partial<TokenFormValues>) => void;
}

/** Remaining quota with the presets of spec 001 §9, the unlimited toggle and, when creating, the quantity. */
export function TokenQuotaFields({ values, creating, onChange }: TokenQuotaFieldsProps) {
  const { t } = useTranslation('token');
  const status = useStatus();
  const quota = values.remainQuota;
  return (
    <>
      <Form.Item label={t('drawer.unlimited')} extra={t('drawer.unlimitedHint')}>
        <Switch
          checked={values.unlimited}
          onChange={(unlimited) => onChange({ unlimited })}
          data-testid="token-unlimited"
        />
      </Form.Item>
      {values.unlimited ? null : (
        <Form.Item
          label={t('drawer.quota')}
          extra={
            quota === null
              ? undefined
              : t('drawer.quotaEquals', { amount: displayDollars(quota, status.quota_per_unit) })
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <InputNumber
              value={quota}
              min={0}
              step={1}
              precision={0}
              style={{ width: '100%' }}
              onChange={(remainQuota) =>
                onChange({ remainQuota: typeof remainQuota === 'number' ? remainQuota : null })
              }
              data-testid="token-quota"
            />
            <Space wrap>
              {TOKEN_QUOTA_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  size="small"
                  onClick={() => onChange({ remainQuota: preset })}
                  data-testid={`token-quota-${preset}`}
                >
                  {displayDollars(preset, status.quota_per_unit)}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>
      )}
      {creating ? (
        <Form.Item label={t('drawer.quantity')} extra={t('drawer.quantityHint')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <InputNumber
              value={values.quantity}
              min={1}
              step={1}
              precision={0}
              style={{ width: '100%' }}
              onChange={(quantity) => onChange({ quantity: typeof quantity === 'number' ? quantity : null })}
              data-testid="token-quantity"
            />
            <Space wrap>
              {TOKEN_QUANTITY_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  size="small"
                  onClick={() => onChange({ quantity: preset })}
                  data-testid={`token-quantity-${preset}`}
                >
                  {preset}
                </Button>
              ))}
            </Space>
          </Space>
        </Form.Item>
      ) : null}
      {values.unlimited ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 24 }}>
          {t('drawer.unlimitedNote')}
        </Typography.Text>
      ) : null}
    </>
  );
}
