import { TOKEN_KEY_PREFIX, TokenStatus, type TokenView } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { RowActions, useToggleAndDelete } from '../../components/row-actions';
import { secretActions } from '../../components/show-secret';
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
  const secret = secretActions(t, {
    secret: async () => `${TOKEN_KEY_PREFIX}${await tokenKeyOf(token)}`,
    testIdPrefix: 'token',
    view: { label: t('actions.viewKey'), testId: 'token-view-key' },
    title: t('actions.viewKey'),
    width: 560,
  });

  return (
    <RowActions
      main={secret.copy}
      testId="token-more"
      more={[
        secret.view,
        ...chat.actions.map((action) => ({ ...action, testId: 'token-chat' })),
        { key: 'edit', label: t('actions.edit'), onClick: () => onEdit(token), testId: 'token-edit' },
        toggle,
        remove,
      ]}
    />
  );
}
