import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-time-field';
import { FormValues } from '../../components/form-values';
import { EXPIRY_PRESETS, expiryPreset, type TokenFormValues } from './token-form';

/** The expiry text and its shortcuts; `Form.Item` gives the value. */
function ExpiryInput({ value = '', onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation('token');
  const change = (next: string) => onChange?.(next);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DateTimeField
        future
        value={value}
        onChange={change}
        placeholder={t('values.never')}
        testId="token-expiry"
        width="100%"
      />
      <Space wrap>
        {EXPIRY_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="small"
            onClick={() => change(expiryPreset(preset, new Date()))}
            data-testid={`token-expiry-${preset}`}
          >
            {t(`drawer.expiryPresets.${preset}`)}
          </Button>
        ))}
      </Space>
    </Space>
  );
}

/** Expiry as a local date and time; empty means never. Shortcuts: never, one hour, one day, one month. */
export function ExpiryField() {
  const { t } = useTranslation('token');
  return (
    <FormValues<TokenFormValues> names={['expiry']}>
      {({ expiry }) => (
        <Form.Item name="expiry" label={t('drawer.expiry')} extra={expiry ? undefined : t('values.never')}>
          <ExpiryInput />
        </Form.Item>
      )}
    </FormValues>
  );
}
