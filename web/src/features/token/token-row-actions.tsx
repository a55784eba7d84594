import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { modals, toast } from '../../components/feedback';
import { RowActions } from '../../components/row-actions';
import { useChatLinkActions } from '../chat/chat-link-actions';
import { deleteToken, setTokenStatus, TOKENS_QUERY_KEY } from '../../api/resources/token';
import { tokenKeyOf } from './token-keys';

interface TokenRowActionsProps {
  token: TokenView;
  onEdit: (token: TokenView) => void;
}

/** Copy the key as the main action; view key, chat, edit, enable or disable and delete under "more". */
export function TokenRowActions({ token, onEdit }: TokenRowActionsProps) {
  const { t } = useTranslation('token');
  const client = useQueryClient();
  const fullKey = async () => `${TOKEN_KEY_PREFIX}${await tokenKeyOf(token)}`;
  const chat = useChatLinkActions(() => tokenKeyOf(token));
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
    <RowActions
      main={
        <Button size="small" onClick={() => void copyKey().catch(() => undefined)} data-testid="token-copy">
          {t('actions.copy')}
        </Button>
      }
      testId="token-more"
      more={[
        { key: 'view', label: t('actions.viewKey'), onClick: () => viewKey().catch(() => undefined), testId: 'token-view-key' },
        ...chat.actions.map((action) => ({ ...action, testId: 'token-chat' })),
        { key: 'edit', label: t('actions.edit'), onClick: () => onEdit(token), testId: 'token-edit' },
        {
          key: 'toggle',
          label: enabled ? t('actions.disable') : t('actions.enable'),
          disabled: toggle.isPending,
          onClick: () => toggle.mutate(enabled ? TokenStatus.Disabled : TokenStatus.Enabled),
          testId: 'token-toggle',
        },
        {
          key: 'delete',
          label: t('actions.delete'),
          danger: true,
          confirm: { title: t('messages.deleteConfirm', { name: token.name }), description: t('messages.deleteHint') },
          onClick: () => remove.mutateAsync(),
          testId: 'token-delete',
        },
      ]}
    />
  );
}
