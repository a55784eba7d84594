import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { RowActions } from '../../components/row-actions';
import { showSecret } from '../../components/show-secret';
import { useListMutation } from '../../components/use-list-mutation';
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
  const fullKey = async () => `${TOKEN_KEY_PREFIX}${await tokenKeyOf(token)}`;
  const chat = useChatLinkActions(() => tokenKeyOf(token));
  const toggle = useListMutation(
    TOKENS_QUERY_KEY,
    (status: number) => setTokenStatus(token.id, status),
    (status) => (status === TokenStatus.Enabled ? t('messages.enabled') : t('messages.disabled')),
  );
  const remove = useListMutation(
    TOKENS_QUERY_KEY,
    () => deleteToken(token.id),
    () => t('messages.deleted'),
  );

  // Lists carry masked keys: the whole key is fetched on demand (once per page load).
  const viewKey = async () => {
    const key = await fullKey();
    showSecret({
      title: t('actions.viewKey'),
      secret: key,
      closeText: t('common:actions.close'),
      width: 560,
      testId: 'token-key-text',
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
        {
          key: 'view',
          label: t('actions.viewKey'),
          onClick: () => viewKey().catch(() => undefined),
          testId: 'token-view-key',
        },
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
