import { MAX_REDEMPTIONS_PER_BATCH, REDEMPTION_NAME_MAX_LENGTH, type RedemptionView } from '@switchboard/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { addOrEditTexts, CheckedFormDrawer, useCheckedForm } from '../../components/checked-form-drawer';
import { toast } from '../../components/feedback';
import { FormValues } from '../../components/form-values';
import { useQuotaHint } from '../../components/quota-hint';
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

/** Adds codes or edits one (spec 001 Redemption page: name, quota and count). */
export function RedemptionDrawer({ open, code, onClose, onCreated }: RedemptionDrawerProps) {
  const { t } = useTranslation('redemption');
  const status = useStatus();
  const { hint } = useQuotaHint();
  const creating = code === null;
  const editor = useCheckedForm(
    { open, onClose, record: code },
    {
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
        if (created) onCreated(created);
        else toast.success(t('messages.updated'));
      },
    },
  );

  return (
    <CheckedFormDrawer editor={editor} size={480} {...addOrEditTexts(t, creating)} testIdPrefix="redemption">
      <Form.Item name="name" label={t('drawer.name')}>
        <Input
          placeholder={t('drawer.namePlaceholder')}
          count={{ show: true, max: REDEMPTION_NAME_MAX_LENGTH }}
          data-testid="redemption-name"
        />
      </Form.Item>
      <FormValues<RedemptionFormValues> names={['quota']}>
        {({ quota }) => (
          <Form.Item
            name="quota"
            label={t('drawer.quota')}
            extra={hint(quota, (amount) => t('drawer.quotaEquals', { amount }))}
          >
            <InputNumber step={1} style={{ width: '100%' }} data-testid="redemption-quota" />
          </Form.Item>
        )}
      </FormValues>
      {creating ? (
        <Form.Item
          name="count"
          label={t('drawer.count')}
          extra={t('drawer.countHint', { max: MAX_REDEMPTIONS_PER_BATCH })}
        >
          <InputNumber step={1} style={{ width: '100%' }} data-testid="redemption-count" />
        </Form.Item>
      ) : null}
    </CheckedFormDrawer>
  );
}
