import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { toast } from './feedback';
import { FormDrawer, useFilledForm } from './form-drawer';

/** The drawer a checked form lives in, and the record it edits (null while it adds one). */
export interface CheckedFormDrawerState {
  open: boolean;
  onClose: () => void;
  record: unknown;
}

export interface CheckedFormOptions<Values, Result, Problem> {
  /** The values the drawer opens with; read again each time it opens or the record changes. */
  initial: () => Values;
  /** The first rule the values break, or null; its text is shown and nothing is sent. */
  check: (values: Values) => Problem | null;
  problemText: (problem: Problem) => string;
  save: (values: Values) => Promise<Result>;
  /** The queries a save refreshes. */
  invalidate: readonly unknown[];
  /** After the save and the refresh, before the drawer closes: say so. */
  onSaved: (result: Result, values: Values) => void;
}

/** What `useCheckedForm` hands to `CheckedFormDrawer`. */
export interface CheckedForm<Values> {
  form: FormInstance<Values>;
  open: boolean;
  onClose: () => void;
  submit: () => void;
  submitting: boolean;
}

/**
 * A drawer's antd form (`Form.useForm`) checked against the contract's rules before it is saved. Every value
 * is kept in the form, also those of fields hidden at the moment (a quota while "unlimited" is on).
 */
export function useCheckedForm<Values extends object, Result, Problem>(
  { open, onClose, record }: CheckedFormDrawerState,
  options: CheckedFormOptions<Values, Result, Problem>,
): CheckedForm<Values> {
  const { initial, check, problemText, save, invalidate, onSaved } = options;
  const client = useQueryClient();
  const form = useFilledForm(open, record, initial);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result, values) => {
      await client.invalidateQueries({ queryKey: invalidate });
      onSaved(result, values);
      onClose();
    },
  });

  const submit = () => {
    const values = form.getFieldsValue(true) as Values;
    const problem = check(values);
    if (problem) {
      toast.error(problemText(problem));
      return;
    }
    mutation.mutate(values);
  };

  return { form, open, onClose, submit, submitting: mutation.isPending };
}

/** The title and buttons of a drawer that adds or edits one record: the feature's `drawer.*` texts. */
export const addOrEditTexts = (t: TFunction, creating: boolean) => ({
  title: creating ? t('drawer.createTitle') : t('drawer.editTitle'),
  cancelText: t('drawer.cancel'),
  submitText: t('drawer.submit'),
});

interface CheckedFormDrawerProps<Values> {
  editor: CheckedForm<Values>;
  title: ReactNode;
  /** drawer width in pixels */
  size: number;
  cancelText: string;
  submitText: string;
  /** test ids are `<prefix>-drawer` (the form) and `<prefix>-submit` */
  testIdPrefix: string;
  children: ReactNode;
}

/** A `FormDrawer` over the form of `useCheckedForm`; Submit (or Enter) checks the values and saves them. */
export function CheckedFormDrawer<Values>({
  editor,
  title,
  size,
  cancelText,
  submitText,
  testIdPrefix,
  children,
}: CheckedFormDrawerProps<Values>) {
  return (
    <FormDrawer
      open={editor.open}
      onClose={editor.onClose}
      size={size}
      title={title}
      cancelText={cancelText}
      submitText={submitText}
      submitting={editor.submitting}
      onSubmit={editor.submit}
      submitTestId={`${testIdPrefix}-submit`}
    >
      <Form form={editor.form} layout="vertical" onFinish={editor.submit} data-testid={`${testIdPrefix}-drawer`}>
        {children}
      </Form>
    </FormDrawer>
  );
}
