import { MailOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';

/** An email address field: the mail icon and the browser's address autofill. */
export function EmailInput(props: InputProps) {
  return <Input prefix={<MailOutlined />} autoComplete="email" {...props} />;
}
