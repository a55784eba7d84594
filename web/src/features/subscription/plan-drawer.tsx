import { DURATION_UNITS, RESET_PERIODS, type SubscriptionPlan } from '@switchboard/contract';
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../components/form-drawer';
import { RequiredTextItem } from '../../components/required-text-item';

export type PlanForm = Omit<
  SubscriptionPlan,
  'id' | 'created_at' | 'updated_at' | 'allow_balance_pay' | 'allow_wallet_overflow'
> & {
  allow_balance_pay: boolean;
  allow_wallet_overflow: boolean;
};

export const NEW_PLAN: PlanForm = {
  title: '',
  subtitle: '',
  price_amount: 0,
  currency: 'USD',
  duration_unit: 'month',
  duration_value: 1,
  custom_seconds: 0,
  enabled: true,
  sort_order: 0,
  allow_balance_pay: true,
  allow_wallet_overflow: true,
  stripe_price_id: '',
  creem_product_id: '',
  waffo_pancake_product_id: '',
  max_purchase_per_user: 0,
  upgrade_group: '',
  downgrade_group: '',
  total_amount: 0,
  quota_reset_period: 'never',
  quota_reset_custom_seconds: 0,
};

export const formOf = (plan: SubscriptionPlan): PlanForm => ({
  ...plan,
  allow_balance_pay: plan.allow_balance_pay ?? true,
  allow_wallet_overflow: plan.allow_wallet_overflow ?? true,
});

interface PlanDrawerProps {
  open: boolean;
  editing: boolean;
  initial: PlanForm;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (plan: PlanForm) => void;
}

/** Create or edit a plan: basic information, duration, quota and its reset, groups, product ids, the purchase limit and the two wallet switches. */
export function PlanDrawer({ open, editing, initial, submitting, onClose, onSubmit }: PlanDrawerProps) {
  const { t } = useTranslation('subscription');
  const [form] = Form.useForm<PlanForm>();
  const text = (name: keyof PlanForm, label: string, maxLength: number) => (
    <Form.Item name={name} label={label}>
      <Input maxLength={maxLength} />
    </Form.Item>
  );
  const check = (name: keyof PlanForm, label: string) => (
    <Form.Item name={name} valuePropName="checked">
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
  const number = (name: keyof PlanForm, label: string, min = 0) => (
    <Form.Item name={name} label={label}>
      <InputNumber min={min} style={{ width: '100%' }} data-testid={`plan-${name}`} />
    </Form.Item>
  );
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={editing ? t('admin.edit') : t('admin.create')}
      size={560}
      cancelText={t('cancel')}
      submitText={t('save')}
      submitting={submitting}
      onSubmit={() => void form.validateFields().then(onSubmit)}
      submitTestId="plan-submit"
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <RequiredTextItem
          name="title"
          label={t('fields.title')}
          requiredMessage={t('fields.titleRequired')}
          maxLength={128}
          testId="plan-title"
        />
        {text('subtitle', t('fields.subtitle'), 255)}
        {number('price_amount', t('fields.price'))}
        {text('currency', t('fields.currency'), 8)}
        <Form.Item name="duration_unit" label={t('fields.durationUnit')}>
          <Select options={DURATION_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))} />
        </Form.Item>
        {number('duration_value', t('fields.durationValue'), 1)}
        {number('custom_seconds', t('fields.customSeconds'))}
        {number('total_amount', t('fields.totalAmount'))}
        <Form.Item name="quota_reset_period" label={t('fields.resetPeriod')}>
          <Select options={RESET_PERIODS.map((value) => ({ value, label: t(`resets.${value}`) }))} />
        </Form.Item>
        {number('quota_reset_custom_seconds', t('fields.resetSeconds'))}
        {text('upgrade_group', t('fields.upgradeGroup'), 64)}
        {text('downgrade_group', t('fields.downgradeGroup'), 64)}
        {number('max_purchase_per_user', t('fields.maxPurchase'))}
        {number('sort_order', t('fields.sortOrder'))}
        {text('stripe_price_id', t('fields.stripePriceId'), 128)}
        {text('creem_product_id', t('fields.creemProductId'), 128)}
        {check('allow_balance_pay', t('fields.allowBalancePay'))}
        {check('allow_wallet_overflow', t('fields.allowWalletOverflow'))}
      </Form>
    </FormDrawer>
  );
}
