import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/status';
import { toast } from '../../components/feedback';
import { chatLinksOf, fillChatLink, openChatLink, serverAddressOf } from './chat-links';

export interface ChatLinkAction {
  key: string;
  label: string;
  /** The configured link's own name ('' for the explaining entry). */
  name: string;
  onClick: () => void;
}

/**
 * What "chat" can do for a token: one entry per configured chat link, or a single entry that explains
 * why there is none (not configured, or a broken configuration).
 */
export function useChatLinkActions(storedKey: string): { state: 'none' | 'invalid' | 'ready'; actions: ChatLinkAction[] } {
  const { t } = useTranslation('chat');
  const status = useStatus();
  const config = chatLinksOf(status);
  if (config.state !== 'ready') {
    const explain = () => (config.state === 'none' ? toast.warning(t('errors.notConfigured')) : toast.error(t('errors.invalidConfiguration')));
    return { state: config.state, actions: [{ key: 'chat', label: t('action'), name: '', onClick: explain }] };
  }
  const actions = config.links.map((link, index) => ({
    key: `chat-${index}`,
    label: config.links.length === 1 ? t('action') : `${t('action')}: ${link.name}`,
    name: link.name,
    onClick: () => {
      const url = fillChatLink(link.template, storedKey, serverAddressOf(status.server_address, window.location.origin));
      if (!openChatLink(url)) toast.error(t('errors.unsafeLink'));
    },
  }));
  return { state: 'ready', actions };
}
