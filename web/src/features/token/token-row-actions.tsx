import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { modals, toast } from '../../components/feedback';
import { RowActions } from '../../components/row-actions';
import { useChatLinkActions } from '../chat/chat-link-actions';
import { deleteToken, setTokenStatus, TOKENS_QUERY_KEY } from './token-api';

interface TokenRowActionsProps {
  token: TokenView;
  onEdit: (token: TokenView) => void;
}

/** Copy the key as the main action; view key, chat, edit, enable or disable and delete under "more". */
export function TokenRowActions({ token, onEdit }: TokenRowActionsProps) {
  const { t } = useTranslation('token');
  const client = useQueryClient();
  const fullKey = `${TOKEN_KEY_PREFIX}${token.key}`;
  const chat = useChatLinkActions(token.key);
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

  const viewKey = () =>
    modals().info({
      title: t('actions.viewKey'),
      content: (
        <Typography.Paragraph copyable={{ text: fullKey }} style={{ wordBreak: 'break-all' }}>
          <code data-testid="token-key-text">{fullKey}</code>
        </Typography.Paragraph>
      ),
      okText: t('common:actions.close'),
      width: 560,
    });

  const enabled = token.status === TokenStatus.Enabled;
  return (
    <RowActions
      main={
        <Button size="small" onClick={() => void copyText(fullKey, { successMessage: t('messages.keyCopied') })} data-testid="token-copy">
          {t('actions.copy')}
        </Button>
      }
      testId="token-more"
      more={[
        { key: 'view', label: t('actions.viewKey'), onClick: viewKey, testId: 'token-view-key' },
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
