import { TokenStatus } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { fetchTokens, TOKENS_QUERY_KEY } from '../../api/resources/token';
import { tokenKeyOf } from '../token/token-keys';
import { chatLinksOf, fillChatLink, isSafeChatLink, serverAddressOf } from './chat-links';

/** Spec 001 §4 Chat entry: without an enabled token the user is sent to /token after 1.5 s. */
export const NO_TOKEN_REDIRECT_MS = 1500;
/** Spec 001 §7: the chat page lists tokens with size 100. */
const CHAT_TOKEN_PAGE_SIZE = 100;

export type ChatTarget =
  | { state: 'loading' }
  | { state: 'none' | 'invalid' | 'no-token' | 'unsafe' }
  | { state: 'missing'; number: number }
  | { state: 'ready'; url: string; name: string };

/** The `index`-th configured chat link, filled with the user's first enabled token. */
export function useChatTarget(index: number): ChatTarget {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const status = useStatus();
  const config = chatLinksOf(status);
  const link = config.state === 'ready' && Number.isInteger(index) && index >= 0 ? config.links[index] : undefined;

  const tokens = useQuery({
    queryKey: [...TOKENS_QUERY_KEY, 'chat'],
    queryFn: () => fetchTokens({ page: 1, size: CHAT_TOKEN_PAGE_SIZE }),
    enabled: link !== undefined,
  });
  const enabled = tokens.data?.items.find((token) => token.status === TokenStatus.Enabled);
  const noToken = tokens.isSuccess && !enabled;
  // Lists carry masked keys: the chosen token's whole key is revealed on demand.
  const wholeKey = useQuery({
    queryKey: [...TOKENS_QUERY_KEY, 'chat-key', enabled?.id],
    queryFn: () => tokenKeyOf(enabled ?? { id: 0, key: '' }),
    enabled: enabled !== undefined,
  });

  useEffect(() => {
    if (!noToken) return undefined;
    toast.error(t('errors.noEnabledToken'));
    const timer = window.setTimeout(() => void navigate('/token', { replace: true }), NO_TOKEN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [noToken, navigate, t]);

  if (config.state !== 'ready') return { state: config.state };
  if (!link) return { state: 'missing', number: Number.isInteger(index) ? index + 1 : 0 };
  if (noToken) return { state: 'no-token' };
  if (!enabled || wholeKey.data === undefined) return { state: 'loading' };
  const address = serverAddressOf(status.server_address, window.location.origin);
  const url = fillChatLink(link.template, wholeKey.data, address);
  // A stored javascript: or data: link would run in the console's page with the key filled in.
  if (!isSafeChatLink(url)) return { state: 'unsafe' };
  return { state: 'ready', url, name: link.name };
}
