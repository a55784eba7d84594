import { Form, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilledForm, ValidatedFormDrawer } from '../../components/form-drawer';
import { RequiredTextItem } from '../../components/required-text-item';
import { useMetaMutation } from './use-meta-mutation';

/** Each kind's drawer: its titles (`<kind>.add`, `<kind>.edit`), test ids (`<testId>-name`, `<testId>-save`), width,
 * and name field (labelled `fields.<nameLabel>`, said missing by `fields.<nameLabel>Required`). */
const KINDS = {
  models: { testId: 'model-meta', size: 520, nameField: 'model_name', nameLabel: 'modelName', nameMaxLength: 128 },
  vendors: { testId: 'vendor', size: 480, nameField: 'name', nameLabel: 'vendorName', nameMaxLength: 128 },
  prefill: { testId: 'prefill', size: 520, nameField: 'name', nameLabel: 'groupName', nameMaxLength: 64 },
} as const;

interface MetaFormDrawerProps<Body extends object> {
  kind: keyof typeof KINDS;
  open: boolean;
  onClose: () => void;
  /** the stored entry edited (its fields named in `blank` fill the form), or null for a new one */
  stored: { id: number } | null;
  /** a new entry's fields; a field the form leaves empty is saved as its value here */
  blank: Body;
  /** fields a new entry starts with instead of blank ones */
  prefill?: Partial<Body>;
  /** saves the valid values (with the stored entry's id); then the drawer says so, closes and refreshes every
   * metadata query */
  save: (body: Body, id?: number) => Promise<unknown>;
  /** the fields after the name, the first field, which the entry cannot be saved without */
  children: ReactNode;
}

const fieldsOf = <Body extends object>(blank: Body, source: object): Partial<Body> =>
  Object.fromEntries(
    Object.entries(source).filter(([field, value]) => field in blank && value !== undefined),
  ) as Partial<Body>;

/** The drawer of a model, vendor or prefill group: its name and fields, Cancel and Save (the fields validated first). */
export function MetaFormDrawer<Body extends object>({
  kind,
  open,
  onClose,
  stored,
  blank,
  prefill,
  save,
  children,
}: MetaFormDrawerProps<Body>) {
  const { t } = useTranslation('model-meta');
  const { testId, size, nameField, nameLabel, nameMaxLength } = KINDS[kind];
  const form = useFilledForm<Body>(open, stored ?? prefill ?? null, () => ({
    ...blank,
    ...prefill,
    ...fieldsOf(blank, stored ?? {}),
  }));
  const saving = useMetaMutation(
    (values: Body) => save({ ...blank, ...fieldsOf(blank, values) }, stored?.id),
    t('messages.saved'),
    onClose,
  );
  return (
    <ValidatedFormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={stored ? t(`${kind}.edit`) : t(`${kind}.add`)}
      size={size}
      cancelText={t('actions.cancel')}
      submitText={t('actions.save')}
      submitting={saving.isPending}
      onValid={(values) => saving.mutate(values)}
      submitTestId={`${testId}-save`}
    >
      <RequiredTextItem
        name={nameField}
        label={t(`fields.${nameLabel}`)}
        requiredMessage={t(`fields.${nameLabel}Required`)}
        maxLength={nameMaxLength}
        testId={`${testId}-name`}
      />
      {children}
    </ValidatedFormDrawer>
  );
}

/** An entry's `status` as an on/off switch (1 on, 0 off). */
export function MetaStatusItem() {
  const { t } = useTranslation('model-meta');
  return (
    <Form.Item
      name="status"
      label={t('fields.enabled')}
      getValueProps={(status) => ({ checked: status === 1 })}
      normalize={(checked: boolean) => (checked ? 1 : 0)}
    >
      <Switch />
    </Form.Item>
  );
}
