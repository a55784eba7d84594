import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

interface AuthFormProps<Values> {
  form?: FormInstance<Values>;
  onFinish: (values: Values) => void;
  /** the human check's widget, shown above the button when the administrator turned it on */
  humanCheck: ReactNode;
  busy: boolean;
  disabled?: boolean;
  submitLabel: string;
  submitTestId: string;
  /** the form's fields */
  children: ReactNode;
}

/** The large vertical form of the sign-in pages: the fields, the human check, then one full-width submit button. */
export function AuthForm<Values>(props: AuthFormProps<Values>) {
  return (
    <Form<Values> form={props.form} layout="vertical" size="large" requiredMark={false} onFinish={props.onFinish}>
      {props.children}
      {props.humanCheck ? <Form.Item>{props.humanCheck}</Form.Item> : null}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={props.busy}
          disabled={props.disabled}
          data-testid={props.submitTestId}
        >
          {props.submitLabel}
        </Button>
      </Form.Item>
    </Form>
  );
}
