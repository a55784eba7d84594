import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../components/clipboard';
import { RowActions, useToggleAndDelete } from '../../components/row-actions';
import { showSecret } from '../../components/show-secret';
import { useChatLinkActions } from '../chat/chat-link-actions';
import { deleteToken, setTokenStatus, TOKENS_QUERY_KEY } from '../../api/resources/token';
import { tokenKeyOf } from './token-keys';

const TOGGLED = { on: TokenStatus.Enabled, off: TokenStatus.Disabled };

interface TokenRowActionsProps {
  token: TokenView;
  onEdit: (token: TokenView) => void;
}

/** Copy the key as the main action; view key, chat, edit, enable or disable and delete under "more". */
export function TokenRowActions({ token, onEdit }: TokenRowActionsProps) {
  const { t } = useTranslation('token');
  const fullKey = async () => `${TOKEN_KEY_PREFIX}${await tokenKeyOf(token)}`;
  const chat = useChatLinkActions(() => tokenKeyOf(token));
  const { toggle, remove } = useToggleAndDelete(t, {
    queryKey: TOKENS_QUERY_KEY,
    on: token.status === TokenStatus.Enabled,
    statuses: TOGGLED,
    setStatus: (status) => setTokenStatus(token.id, status),
    remove: () => deleteToken(token.id),
    name: token.name,
    testIdPrefix: 'token',
  });

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
        toggle,
        remove,
      ]}
    />
  );
}
