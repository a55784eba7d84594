import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
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
 * why there is none (not configured, or a broken configuration). The whole key is fetched when a link
 * opens (lists carry masked keys); a failed fetch has already said why.
 */
export function useChatLinkActions(keyOf: () => Promise<string>): {
  state: 'none' | 'invalid' | 'ready';
  actions: ChatLinkAction[];
} {
  const { t } = useTranslation('chat');
  const status = useStatus();
  const config = chatLinksOf(status);
  if (config.state !== 'ready') {
    const explain = () =>
      config.state === 'none'
        ? toast.warning(t('errors.notConfigured'))
        : toast.error(t('errors.invalidConfiguration'));
    return { state: config.state, actions: [{ key: 'chat', label: t('action'), name: '', onClick: explain }] };
  }
  const actions = config.links.map((link, index) => ({
    key: `chat-${index}`,
    label: config.links.length === 1 ? t('action') : `${t('action')}: ${link.name}`,
    name: link.name,
    onClick: () =>
      void keyOf().then(
        (key) => {
          const url = fillChatLink(link.template, key, serverAddressOf(status.server_address, window.location.origin));
          if (!openChatLink(url)) toast.error(t('errors.unsafeLink'));
        },
        () => undefined,
      ),
  }));
  return { state: 'ready', actions };
}
