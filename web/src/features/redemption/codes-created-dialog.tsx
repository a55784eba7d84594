import { Button, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { codesFile } from './redemption-form';

export interface CreatedCodes {
  name: string;
  keys: string[];
}

/** Saves text as a file through a temporary link, the way a browser download starts. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** After a creation: the new codes, and a button that downloads them as `<name>.txt`. */
export function CodesCreatedDialog({ created, onClose }: { created: CreatedCodes | null; onClose: () => void }) {
  const { t } = useTranslation('redemption');
  const file = created ? codesFile(created.name, created.keys) : null;
  return (
    <Modal
      open={created !== null}
      title={t('created.title', { count: created?.keys.length ?? 0 })}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('created.close')}
        </Button>,
        <Button
          key="download"
          type="primary"
          onClick={() => file && downloadText(file.fileName, file.text)}
          data-testid="redemption-download"
        >
          {t('created.download')}
        </Button>,
      ]}
      data-testid="redemption-created"
    >
      <Typography.Paragraph>{t('created.hint', { file: file?.fileName ?? '' })}</Typography.Paragraph>
      <Input.TextArea
        value={file?.text ?? ''}
        readOnly
        autoSize={{ minRows: 3, maxRows: 10 }}
        data-testid="redemption-created-codes"
      />
    </Modal>
  );
}
