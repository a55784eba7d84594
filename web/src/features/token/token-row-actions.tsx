import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { modals, toast } from '../../components/feedback';
import { ChatLinkButton } from '../chat/chat-link-button';
import { deleteToken, setTokenStatus, TOKENS_QUERY_KEY } from './token-api';
import { tokenKeyOf } from './token-keys';

interface TokenRowActionsProps {
  token: TokenView;
  onEdit: (token: TokenView) => void;
}

/** View key, copy, chat, delete, enable or disable, edit. */
export function TokenRowActions({ token, onEdit }: TokenRowActionsProps) {
  const { t } = useTranslation('token');
  const client = useQueryClient();
  const fullKey = async () => `${TOKEN_KEY_PREFIX}${await tokenKeyOf(token)}`;
  const refresh = () => client.invalidateQueries({ queryKey: TOKENS_QUERY_KEY });

  const toggle = useMutation({
    mutationFn: (status: number) => setTokenStatus(token.id, status),
    onSuccess: async (_data, status) => {
      toast.success(status === TokenStatus.Enabled ? t('messages.enabled') : t('messages.disabled'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteToken(token.id),
    onSuccess: async () => {
      toast.success(t('messages.deleted'));
      await refresh();
    },
  });

  // Lists carry masked keys: the whole key is fetched on demand (once per page load).
  const viewKey = async () => {
    const key = await fullKey();
    modals().info({
      title: t('actions.viewKey'),
      content: (
        <Typography.Paragraph copyable={{ text: key }} style={{ wordBreak: 'break-all' }}>
          <code data-testid="token-key-text">{key}</code>
        </Typography.Paragraph>
      ),
      okText: t('common:actions.close'),
      width: 560,
    });
  };
  const copyKey = async () => copyText(await fullKey(), { successMessage: t('messages.keyCopied') });

  const enabled = token.status === TokenStatus.Enabled;
  return (
    <Space size={4} wrap>
      <Button size="small" onClick={() => void viewKey().catch(() => undefined)} data-testid="token-view-key">
        {t('actions.viewKey')}
      </Button>
      <Button size="small" onClick={() => void copyKey().catch(() => undefined)} data-testid="token-copy">
        {t('actions.copy')}
      </Button>
      <ChatLinkButton keyOf={() => tokenKeyOf(token)} />
      <Popconfirm
        title={t('messages.deleteConfirm', { name: token.name })}
        description={t('messages.deleteHint')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutateAsync()}
      >
        <Button size="small" danger loading={remove.isPending} data-testid="token-delete">
          {t('actions.delete')}
        </Button>
      </Popconfirm>
      <Button
        size="small"
        loading={toggle.isPending}
        onClick={() => toggle.mutate(enabled ? TokenStatus.Disabled : TokenStatus.Enabled)}
        data-testid="token-toggle"
      >
        {enabled ? t('actions.disable') : t('actions.enable')}
      </Button>
      <Button size="small" type="link" onClick={() => onEdit(token)} data-testid="token-edit">
        {t('actions.edit')}
      </Button>
    </Space>
  );
}
