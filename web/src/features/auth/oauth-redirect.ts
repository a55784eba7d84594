import type { StatusData } from '@switchboard/contract';
import { fetchOauthState } from './account-api';

export type OauthProvider = 'github' | 'linuxdo';

/** The provider's authorize page with the client id and a fresh state (spec 000 §4, third-party sign-in). */
export function authorizeUrl(provider: OauthProvider, clientId: string, state: string): string {
  if (provider === 'github') {
    const query = new URLSearchParams({ client_id: clientId, state, scope: 'user:email' });
    return `https://github.com/login/oauth/authorize?${query.toString()}`;
  }
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, state });
  return `https://connect.linux.do/oauth2/authorize?${query.toString()}`;
}

/**
 * Sends the browser to the provider; it returns to /oauth/{provider}. Used to sign in and, when
 * signed in already, to bind: the server tells the two apart.
 */
export async function startOauth(provider: OauthProvider, status: Pick<StatusData, 'github_client_id' | 'linuxdo_client_id'>): Promise<void> {
  const state = await fetchOauthState();
  const clientId = provider === 'github' ? status.github_client_id : status.linuxdo_client_id;
  window.location.assign(authorizeUrl(provider, clientId, state));
}
