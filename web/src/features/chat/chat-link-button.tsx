import { CommentOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChatLinkActions } from './chat-link-actions';

/**
 * The chat action as a button: one button for one configured link, a dropdown for several, and a
 * clear message when none are configured or the configuration is broken.
 */
export function ChatLinkButton({ storedKey }: { storedKey: string }) {
  const { t } = useTranslation('chat');
  const { state, actions } = useChatLinkActions(storedKey);
  const [only] = actions;
  if (state !== 'ready' || (actions.length === 1 && only)) {
    return (
      <Button size="small" icon={<CommentOutlined />} onClick={() => only?.onClick()} data-testid="token-chat">
        {t('action')}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((action) => ({ key: action.key, label: action.name })),
        onClick: ({ key }) => actions.find((action) => action.key === key)?.onClick(),
      }}
    >
      <Button size="small" icon={<CommentOutlined />} data-testid="token-chat">
        {t('action')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
