import { Typography } from 'antd';
import { modals } from './feedback';

/** A dialog showing a secret (a key, a code) that a click copies. */
export function showSecret(options: {
  title: string;
  secret: string;
  closeText: string;
  width: number;
  testId: string;
}): void {
  modals().info({
    title: options.title,
    content: (
      <Typography.Paragraph copyable={{ text: options.secret }} style={{ wordBreak: 'break-all' }}>
        <code data-testid={options.testId}>{options.secret}</code>
      </Typography.Paragraph>
    ),
    okText: options.closeText,
    width: options.width,
  });
}
