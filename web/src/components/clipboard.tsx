import { Input, Typography } from 'antd';
import i18n from '../i18n';
import { modals, toast } from './feedback';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Refused: insecure origin, no user gesture, or a denied permission.
    return false;
  }
}

function ManualCopy({ text }: { text: string }) {
  return (
    <>
      <Typography.Paragraph type="secondary">{i18n.t('common:clipboard.manualHint')}</Typography.Paragraph>
      <Input.TextArea
        value={text}
        readOnly
        autoSize={{ minRows: 2, maxRows: 8 }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="manual-copy-text"
      />
    </>
  );
}

/**
 * Copies text to the clipboard and says so. When the browser refuses, a dialog shows the text
 * to copy by hand. Resolves to whether the automatic copy worked.
 */
export async function copyText(text: string, options: { successMessage?: string } = {}): Promise<boolean> {
  if (await writeClipboard(text)) {
    toast.success(options.successMessage ?? i18n.t('common:clipboard.copied'));
    return true;
  }
  modals().info({
    title: i18n.t('common:clipboard.manualTitle'),
    content: <ManualCopy text={text} />,
    okText: i18n.t('common:actions.close'),
    width: 480,
  });
  return false;
}
