import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { copyText } from './clipboard';
import { modals } from './feedback';
import type { RowMenuAction } from './row-actions';

interface ShowSecretOptions {
  title: string;
  secret: string;
  closeText: string;
  width: number;
  testId: string;
}

/** A dialog showing a secret (a key, a code) that a click copies. */
export function showSecret(options: ShowSecretOptions): void {
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

interface SecretActionsOptions {
  /** the whole secret; a failed read shows nothing (its request already said why) */
  secret: () => Promise<string>;
  /** `<prefix>-copy` is the button, `<prefix>-key-text` the shown secret */
  testIdPrefix: string;
  view: { label: string; testId: string };
  /** the dialog's title and width */
  title: string;
  width: number;
}

/**
 * A row holding a secret: a copy button (its main action) and a "view" menu entry opening showSecret.
 * `t` is the page's namespace, with `actions.copy` and `messages.keyCopied`.
 */
export function secretActions(t: TFunction, options: SecretActionsOptions): { copy: ReactNode; view: RowMenuAction } {
  const copy = async () => copyText(await options.secret(), { successMessage: t('messages.keyCopied') });
  const view = async () =>
    showSecret({
      title: options.title,
      secret: await options.secret(),
      closeText: t('common:actions.close'),
      width: options.width,
      testId: `${options.testIdPrefix}-key-text`,
    });
  return {
    copy: (
      <Button
        size="small"
        onClick={() => void copy().catch(() => undefined)}
        data-testid={`${options.testIdPrefix}-copy`}
      >
        {t('actions.copy')}
      </Button>
    ),
    view: { key: 'view', ...options.view, onClick: () => view().catch(() => undefined) },
  };
}
