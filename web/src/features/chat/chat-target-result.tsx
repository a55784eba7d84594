import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatTarget } from './use-chat-target';

/** What the chat pages show while there is no link to open: waiting, or why not. */
export function ChatTargetResult({ target }: { target: Exclude<ChatTarget, { state: 'ready' }> }) {
  const { t } = useTranslation('chat');
  switch (target.state) {
    case 'loading':
      return <Result icon={<Spin />} title={t('chat.loading')} data-testid="chat-loading" />;
    case 'none':
      return <Result status="info" title={t('errors.notConfigured')} data-testid="chat-not-configured" />;
    case 'invalid':
      return <Result status="error" title={t('errors.invalidConfiguration')} data-testid="chat-invalid" />;
    case 'missing':
      return (
        <Result status="404" title={t('errors.linkMissing', { number: target.number })} data-testid="chat-missing" />
      );
    case 'unsafe':
      return <Result status="error" title={t('errors.unsafeLink')} data-testid="chat-unsafe" />;
    case 'no-token':
      return <Result status="warning" title={t('errors.noEnabledToken')} data-testid="chat-no-token" />;
  }
}
