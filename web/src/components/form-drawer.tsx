import { Button, Drawer, Flex, Form, Space, type FormInstance } from 'antd';
import { useEffect, type ReactNode } from 'react';

export interface FormDrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** drawer width in pixels */
  size: number;
  cancelText: string;
  submitText: string;
  submitting: boolean;
  onSubmit: () => void;
  /** the submit button's data-testid */
  submitTestId: string;
  children: ReactNode;
}

/** A side drawer holding a form, with Cancel and Submit at the bottom right; its content is dropped on close. */
export function FormDrawer({
  open,
  onClose,
  title,
  size,
  cancelText,
  submitText,
  submitting,
  onSubmit,
  submitTestId,
  children,
}: FormDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={size}
      destroyOnHidden
      title={title}
      footer={
        <Flex justify="flex-end">
          <Space>
            <Button onClick={onClose}>{cancelText}</Button>
            <Button type="primary" loading={submitting} onClick={onSubmit} data-testid={submitTestId}>
              {submitText}
            </Button>
          </Space>
        </Flex>
      }
    >
      {children}
    </Drawer>
  );
}

export interface ValidatedFormDrawerProps<Values> extends Omit<FormDrawerProps, 'onSubmit'> {
  form: FormInstance<Values>;
  /** Called with the values once every field's rules pass; a field that fails shows its message. */
  onValid: (values: Values) => void;
}

/** A `FormDrawer` over an antd form (`Form.useForm`): Submit validates the fields, then hands their values on. */
export function ValidatedFormDrawer<Values>({ form, onValid, children, ...drawer }: ValidatedFormDrawerProps<Values>) {
  return (
    <FormDrawer {...drawer} onSubmit={() => void form.validateFields().then(onValid)}>
      <Form form={form} layout="vertical">
        {children}
      </Form>
    </FormDrawer>
  );
}

/** A drawer's antd form (`Form.useForm`), filled from `initial()` each time the drawer opens or `record` changes. */
export function useFilledForm<Values>(open: boolean, record: unknown, initial: () => Values): FormInstance<Values> {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (open) form.setFieldsValue(initial() as Parameters<typeof form.setFieldsValue>[0]);
    // `initial` is a new function each render; opening and the record are what reset the form.
  }, [open, record, form]);
  return form;
}
