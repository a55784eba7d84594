import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-time-field';
import { EXPIRY_PRESETS, expiryPreset } from './token-form';

/** Expiry as a local date and time; empty means never. Shortcuts: never, one hour, one day, one month. */
export function ExpiryField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('token');
  return (
    <Form.Item label={t('drawer.expiry')} extra={value === '' ? t('values.never') : undefined}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <DateTimeField
          future
          value={value}
          onChange={onChange}
          placeholder={t('values.never')}
          testId="token-expiry"
          width="100%"
        />
        <Space wrap>
          {EXPIRY_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="small"
              onClick={() => onChange(expiryPreset(preset, new Date()))}
              data-testid={`token-expiry-${preset}`}
            >
              {t(`drawer.expiryPresets.${preset}`)}
            </Button>
          ))}
        </Space>
      </Space>
    </Form.Item>
  );
}
