import { Form, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilledForm, ValidatedFormDrawer } from '../../components/form-drawer';
import { RequiredTextItem, type RequiredTextItemProps } from '../../components/required-text-item';
import { useMetaMutation } from './use-meta-mutation';

interface MetaFormDrawerProps<Body extends object> {
  open: boolean;
  onClose: () => void;
  /** the stored entry edited (its fields named in `blank` fill the form), or null for a new one */
  stored: { id: number } | null;
  /** a new entry's fields; a field the form leaves empty is saved as its value here */
  blank: Body;
  /** fields a new entry starts with instead of blank ones */
  prefill?: Partial<Body>;
  /** each saves the valid values; then the drawer says so, closes and refreshes every metadata query */
  create: (body: Body) => Promise<unknown>;
  update: (body: Body & { id: number }) => Promise<unknown>;
  titles: { add: string; edit: string };
  size: number;
  submitTestId: string;
  /** the entry's name, the first field, which it cannot be saved without */
  nameField: RequiredTextItemProps;
  children: ReactNode;
}

const fieldsOf = <Body extends object>(blank: Body, source: object): Partial<Body> =>
  Object.fromEntries(
    Object.entries(source).filter(([field, value]) => field in blank && value !== undefined),
  ) as Partial<Body>;

/** The drawer of a model, vendor or prefill group: its name and fields, Cancel and Save (the fields validated first). */
export function MetaFormDrawer<Body extends object>({
  open,
  onClose,
  stored,
  blank,
  prefill,
  create,
  update,
  titles,
  size,
  submitTestId,
  nameField,
  children,
}: MetaFormDrawerProps<Body>) {
  const { t } = useTranslation('model-meta');
  const form = useFilledForm<Body>(open, stored ?? prefill ?? null, () => ({
    ...blank,
    ...prefill,
    ...fieldsOf(blank, stored ?? {}),
  }));
  const save = useMetaMutation(
    (values: Body) => {
      const body = { ...blank, ...fieldsOf(blank, values) };
      return stored ? update({ ...body, id: stored.id }) : create(body);
    },
    t('messages.saved'),
    onClose,
  );
  return (
    <ValidatedFormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={stored ? titles.edit : titles.add}
      size={size}
      cancelText={t('actions.cancel')}
      submitText={t('actions.save')}
      submitting={save.isPending}
      onValid={(values) => save.mutate(values)}
      submitTestId={submitTestId}
    >
      <RequiredTextItem {...nameField} />
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
