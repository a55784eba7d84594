import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatTargetResult } from './chat-target-result';
import { useChatTarget } from './use-chat-target';

/** /chat2link: leaves the console for the first chat link, filled with the first enabled token. */
export default function ChatLinkPage() {
  const { t } = useTranslation('chat');
  const target = useChatTarget(0);
  const url = target.state === 'ready' ? target.url : null;

  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);

  if (target.state !== 'ready') return <ChatTargetResult target={target} />;
  return <Result icon={<Spin />} title={t('link.redirecting')} data-testid="chat-redirecting" />;
}
