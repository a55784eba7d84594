import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilledForm, ValidatedFormDrawer } from '../../components/form-drawer';
import { RequiredTextItem, type RequiredTextItemProps } from '../../components/required-text-item';
import { useMetaMutation } from './use-meta-mutation';

interface MetaFormDrawerProps<Values> {
  open: boolean;
  onClose: () => void;
  /** the row edited, or null for a new one: the fields are filled from `initial()` on opening and when it changes */
  record: unknown;
  initial: () => Values;
  /** Saves the valid values; then the drawer says so, closes and refreshes every metadata query. */
  onSave: (values: Values) => Promise<unknown>;
  title: string;
  size: number;
  submitTestId: string;
  /** the entry's name, the first field, which it cannot be saved without */
  nameField: RequiredTextItemProps;
  children: ReactNode;
}

/** The drawer of a model, vendor or prefill group: its name and fields, Cancel and Save (the fields validated first). */
export function MetaFormDrawer<Values>({
  open,
  onClose,
  record,
  initial,
  onSave,
  title,
  size,
  submitTestId,
  nameField,
  children,
}: MetaFormDrawerProps<Values>) {
  const { t } = useTranslation('model-meta');
  const form = useFilledForm(open, record, initial);
  const save = useMetaMutation(onSave, t('messages.saved'), onClose);
  return (
    <ValidatedFormDrawer
      form={form}
      open={open}
      onClose={onClose}
      title={title}
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
