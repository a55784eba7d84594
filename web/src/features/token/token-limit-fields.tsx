import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { LimitInput } from '../../components/limit-input';
import type { TokenFormValues } from './token-form';

interface TokenLimitFieldsProps {
  values: TokenFormValues;
  onChange: (patch: Partial<TokenFormValues>) => void;
}

/** How fast the token may be used (issue 22): requests and billed tokens per minute, 0 or empty for no limit. */
export function TokenLimitFields({ values, onChange }: TokenLimitFieldsProps) {
  const { t } = useTranslation('token');
  return (
    <>
      <Form.Item label={t('drawer.rpmLimit')} extra={t('drawer.rpmLimitHint')}>
        <LimitInput
          value={values.rpmLimit}
          onChange={(rpmLimit) => onChange({ rpmLimit })}
          data-testid="token-rpm-limit"
        />
      </Form.Item>
      <Form.Item label={t('drawer.tpmLimit')} extra={t('drawer.tpmLimitHint')}>
        <LimitInput
          value={values.tpmLimit}
          step={1000}
          onChange={(tpmLimit) => onChange({ tpmLimit })}
          data-testid="token-tpm-limit"
        />
      </Form.Item>
    </>
  );
}
