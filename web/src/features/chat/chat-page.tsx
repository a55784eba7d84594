import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { isWebLink } from './chat-links';
import { ChatTargetResult } from './chat-target-result';
import { useChatTarget } from './use-chat-target';

/** /chat/:id?: the id-th chat link (the first without one) with the first enabled token, in a frame. */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const { id } = useParams();
  const target = useChatTarget(id === undefined ? 0 : Number(id));
  useDocumentTitle(target.state === 'ready' ? target.name : t('chat.title'));
  const appUrl = target.state === 'ready' && !isWebLink(target.url) ? target.url : null;

  useEffect(() => {
    // An app link (cherrystudio://...) cannot be framed: hand it to the operating system once.
    if (appUrl) window.location.href = appUrl;
  }, [appUrl]);

  if (target.state !== 'ready') return <ChatTargetResult target={target} />;
  if (appUrl) {
    return (
      <Result
        status="success"
        title={t('chat.openedOutside')}
        extra={<Button onClick={() => (window.location.href = appUrl)}>{t('chat.openAgain')}</Button>}
        data-testid="chat-opened-outside"
      />
    );
  }
  return (
    <iframe
      src={target.url}
      title={t('chat.frameTitle')}
      style={{ width: '100%', height: 'calc(100vh - 160px)', minHeight: 480, border: 'none', borderRadius: 8 }}
      data-testid="chat-frame"
    />
  );
}
