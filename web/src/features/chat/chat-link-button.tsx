import { CommentOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/status';
import { toast } from '../../components/feedback';
import { chatLinksOf, fillChatLink, openChatLink, serverAddressOf, type ChatLink } from './chat-links';

/**
 * The token row's chat action (the whole key is fetched when a link opens): one button for one configured link, a dropdown for several, and a
 * clear message when none are configured or the configuration is broken.
 */
export function ChatLinkButton({ keyOf }: { keyOf: () => Promise<string> }) {
  const { t } = useTranslation('chat');
  const status = useStatus();
  const config = chatLinksOf(status);
  // The key is fetched on demand (lists carry masked keys); a failed call has shown why.
  const open = (link: ChatLink) =>
    void keyOf().then((key) => {
      const url = fillChatLink(link.template, key, serverAddressOf(status.server_address, window.location.origin));
      if (!openChatLink(url)) toast.error(t('errors.unsafeLink'));
    }, () => undefined);

  if (config.state !== 'ready') {
    const explain = () =>
      config.state === 'none' ? toast.warning(t('errors.notConfigured')) : toast.error(t('errors.invalidConfiguration'));
    return (
      <Button size="small" icon={<CommentOutlined />} onClick={explain} data-testid="token-chat">
        {t('action')}
      </Button>
    );
  }
  const [only] = config.links;
  if (config.links.length === 1 && only) {
    return (
      <Button size="small" icon={<CommentOutlined />} onClick={() => open(only)} data-testid="token-chat">
        {t('action')}
      </Button>
    );
  }
  const items = config.links.map((link, index) => ({ key: String(index), label: link.name }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          const link = config.links[Number(key)];
          if (link) open(link);
        },
      }}
    >
      <Button size="small" icon={<CommentOutlined />} data-testid="token-chat">
        {t('action')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
