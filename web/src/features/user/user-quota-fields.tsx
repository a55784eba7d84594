import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { displayDollars } from '../../lib/format';
import { quotaAfterSave, type UserFormValues } from './user-form';

interface UserQuotaFieldsProps {
  values: UserFormValues;
  onChange: (patch: Partial<UserFormValues>) => void;
}

/** The balance to set, and an amount to add on save (negative subtracts; the result cannot be negative). */
export function UserQuotaFields({ values, onChange }: UserQuotaFieldsProps) {
  const { t } = useTranslation('user');
  const status = useStatus();
  const inDollars = (quota: number) => displayDollars(quota, status.quota_per_unit);
  const numberOrNull = (value: number | string | null) => (typeof value === 'number' ? value : null);
  return (
    <>
      <Form.Item
        label={t('form.quota')}
        required
        extra={values.quota === null ? undefined : t('form.quotaEquals', { amount: inDollars(values.quota) })}
      >
        <InputNumber
          value={values.quota}
          min={0}
          step={1}
          precision={0}
          style={{ width: '100%' }}
          onChange={(quota) => onChange({ quota: numberOrNull(quota) })}
          data-testid="user-edit-quota"
        />
      </Form.Item>
      <Form.Item
        label={t('form.addQuota')}
        extra={t('form.addQuotaHint', { amount: inDollars(quotaAfterSave(values)) })}
      >
        <InputNumber
          value={values.addQuota}
          step={1}
          precision={0}
          style={{ width: '100%' }}
          placeholder={t('form.addQuotaPlaceholder')}
          onChange={(addQuota) => onChange({ addQuota: numberOrNull(addQuota) })}
          data-testid="user-edit-add-quota"
        />
      </Form.Item>
    </>
  );
}
