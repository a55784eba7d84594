import { TOKEN_QUANTITY_PRESETS, TOKEN_QUOTA_PRESETS } from '@switchboard/contract';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormValues } from '../../components/form-values';
import { PresetNumberInput } from '../../components/preset-number-input';
import { useQuotaHint } from '../../components/quota-hint';
import { SwitchField } from '../../components/switch-field';
import type { TokenFormValues } from './token-form';

/** Remaining quota with the presets of spec 001 §9, the unlimited toggle and, when creating, the quantity. */
export function TokenQuotaFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation('token');
  const { hint, inDollars } = useQuotaHint();
  return (
    <>
      <SwitchField
        name="unlimited"
        label={t('drawer.unlimited')}
        hint={t('drawer.unlimitedHint')}
        testId="token-unlimited"
      />
      <FormValues<TokenFormValues> names={['unlimited', 'remainQuota']}>
        {({ unlimited, remainQuota }) =>
          unlimited ? null : (
            <Form.Item
              name="remainQuota"
              label={t('drawer.quota')}
              extra={hint(remainQuota, (amount) => t('drawer.quotaEquals', { amount }))}
            >
              <PresetNumberInput min={0} presets={TOKEN_QUOTA_PRESETS} presetText={inDollars} testId="token-quota" />
            </Form.Item>
          )
        }
      </FormValues>
      {creating ? (
        <Form.Item name="quantity" label={t('drawer.quantity')} extra={t('drawer.quantityHint')}>
          <PresetNumberInput
            min={1}
            presets={TOKEN_QUANTITY_PRESETS}
            presetText={(preset) => preset}
            testId="token-quantity"
          />
        </Form.Item>
      ) : null}
      <FormValues<TokenFormValues> names={['unlimited']}>
        {({ unlimited }) =>
          unlimited ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 24 }}>
              {t('drawer.unlimitedNote')}
            </Typography.Text>
          ) : null
        }
      </FormValues>
    </>
  );
}
