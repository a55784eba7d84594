import { MAX_REDEMPTIONS_PER_BATCH, REDEMPTION_NAME_MAX_LENGTH, type RedemptionView } from '@switchboard/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { FormDrawer } from '../../components/form-drawer';
import { useDrawerForm } from '../../components/use-drawer-form';
import { displayDollars } from '../../lib/format';
import type { CreatedCodes } from './codes-created-dialog';
import { createRedemptions, REDEMPTIONS_QUERY_KEY, updateRedemption } from '../../api/resources/redemption';
import {
  checkRedemptionForm,
  effectiveRedemptionName,
  emptyRedemptionForm,
  redemptionFormOf,
  redemptionProblemText,
  type RedemptionFormValues,
} from './redemption-form';

export interface RedemptionDrawerProps {
  open: boolean;
  /** the code to edit; null creates */
  code: RedemptionView | null;
  onClose: () => void;
  onCreated: (created: CreatedCodes) => void;
}

const numberOrNull = (value: number | string | null) => (typeof value === 'number' ? value : null);

/** Adds codes or edits one (spec 001 Redemption page: name, quota and count). */
export function RedemptionDrawer({ open, code, onClose, onCreated }: RedemptionDrawerProps) {
  const { t } = useTranslation('redemption');
  const status = useStatus();
  const creating = code === null;
  const { values, change, submit, submitting } = useDrawerForm({
    open,
    record: code,
    initial: () => (code ? redemptionFormOf(code) : emptyRedemptionForm()),
    check: (form: RedemptionFormValues) => checkRedemptionForm(form, creating),
    problemText: (problem) => redemptionProblemText(t, problem),
    save: async (form: RedemptionFormValues) => {
      const fields = { name: form.name.trim(), quota: form.quota ?? 0 };
      if (code) {
        await updateRedemption({ id: code.id, ...fields });
        return null;
      }
      return {
        name: effectiveRedemptionName(form, status),
        keys: await createRedemptions({ ...fields, count: form.count ?? 1 }),
      };
    },
    invalidate: REDEMPTIONS_QUERY_KEY,
    onSaved: (created) => {
      onClose();
      if (created) onCreated(created);
      else toast.success(t('messages.updated'));
    },
  });

  const quota = values.quota;
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={480}
      title={creating ? t('drawer.createTitle') : t('drawer.editTitle')}
      cancelText={t('drawer.cancel')}
      submitText={t('drawer.submit')}
      submitting={submitting}
      onSubmit={submit}
      submitTestId="redemption-submit"
    >
      <Form layout="vertical" onFinish={submit} data-testid="redemption-drawer">
        <Form.Item label={t('drawer.name')}>
          <Input
            value={values.name}
            onChange={(event) => change({ name: event.target.value })}
            placeholder={t('drawer.namePlaceholder')}
            count={{ show: true, max: REDEMPTION_NAME_MAX_LENGTH }}
            data-testid="redemption-name"
          />
        </Form.Item>
        <Form.Item
          label={t('drawer.quota')}
          extra={
            quota === null
              ? undefined
              : t('drawer.quotaEquals', { amount: displayDollars(quota, status.quota_per_unit) })
          }
        >
          <InputNumber
            value={quota}
            step={1}
            style={{ width: '100%' }}
            onChange={(next) => change({ quota: numberOrNull(next) })}
            data-testid="redemption-quota"
          />
        </Form.Item>
        {creating ? (
          <Form.Item label={t('drawer.count')} extra={t('drawer.countHint', { max: MAX_REDEMPTIONS_PER_BATCH })}>
            <InputNumber
              value={values.count}
              step={1}
              style={{ width: '100%' }}
              onChange={(next) => change({ count: numberOrNull(next) })}
              data-testid="redemption-count"
            />
          </Form.Item>
        ) : null}
      </Form>
    </FormDrawer>
  );
}
