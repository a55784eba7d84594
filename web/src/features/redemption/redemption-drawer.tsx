import { MAX_REDEMPTIONS_PER_BATCH, REDEMPTION_NAME_MAX_LENGTH, type RedemptionView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { FormDrawer } from '../../components/form-drawer';
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
  const client = useQueryClient();
  const [values, setValues] = useState<RedemptionFormValues>(emptyRedemptionForm);
  const creating = code === null;

  useEffect(() => {
    if (open) setValues(code ? redemptionFormOf(code) : emptyRedemptionForm());
  }, [open, code]);

  const change = (patch: Partial<RedemptionFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: async (form: RedemptionFormValues) => {
      const fields = { name: form.name.trim(), quota: form.quota ?? 0 };
      if (code) {
        await updateRedemption({ id: code.id, ...fields });
        return null;
      }
      return { name: effectiveRedemptionName(form, status), keys: await createRedemptions({ ...fields, count: form.count ?? 1 }) };
    },
    onSuccess: async (created) => {
      await client.invalidateQueries({ queryKey: REDEMPTIONS_QUERY_KEY });
      onClose();
      if (created) onCreated(created);
      else toast.success(t('messages.updated'));
    },
  });

  const submit = () => {
    const problem = checkRedemptionForm(values, creating);
    if (problem) {
      toast.error(redemptionProblemText(t, problem));
      return;
    }
    save.mutate(values);
  };

  const quota = values.quota;
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={480}
      title={creating ? t('drawer.createTitle') : t('drawer.editTitle')}
      cancelText={t('drawer.cancel')}
      submitText={t('drawer.submit')}
      submitting={save.isPending}
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
          extra={quota === null ? undefined : t('drawer.quotaEquals', { amount: displayDollars(quota, status.quota_per_unit) })}
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
