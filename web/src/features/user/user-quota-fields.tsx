import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormValues } from '../../components/form-values';
import { useQuotaHint } from '../../components/quota-hint';
import { quotaAfterSave, type UserFormValues } from './user-form';

/** The balance to set, and an amount to add on save (negative subtracts; the result cannot be negative). */
export function UserQuotaFields() {
  const { t } = useTranslation('user');
  const { hint, inDollars } = useQuotaHint();
  return (
    <FormValues<UserFormValues> names={['quota', 'addQuota']}>
      {(values) => (
        <>
          <Form.Item
            name="quota"
            label={t('form.quota')}
            required
            extra={hint(values.quota, (amount) => t('form.quotaEquals', { amount }))}
          >
            <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} data-testid="user-edit-quota" />
          </Form.Item>
          <Form.Item
            name="addQuota"
            label={t('form.addQuota')}
            extra={t('form.addQuotaHint', { amount: inDollars(quotaAfterSave(values)) })}
          >
            <InputNumber
              step={1}
              precision={0}
              style={{ width: '100%' }}
              placeholder={t('form.addQuotaPlaceholder')}
              data-testid="user-edit-add-quota"
            />
          </Form.Item>
        </>
      )}
    </FormValues>
  );
}
