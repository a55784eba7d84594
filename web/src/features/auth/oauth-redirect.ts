import type { StatusData } from '@switchboard/contract';
import { fetchOauthState } from '../../api/resources/account';

export type OauthProvider = 'github' | 'linuxdo' | 'oidc';
type RedirectStatus = Pick<
  StatusData,
  'github_client_id' | 'linuxdo_client_id' | 'oidc_client_id' | 'oidc_authorization_endpoint' | 'server_address'
>;

/** The provider's authorize page with the client id and a fresh state (spec 000 §4, third-party sign-in). */
export function authorizeUrl(provider: 'github' | 'linuxdo', clientId: string, state: string): string {
  if (provider === 'github') {
    const query = new URLSearchParams({ client_id: clientId, state, scope: 'user:email' });
    return `https://github.com/login/oauth/authorize?${query.toString()}`;
  }
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, state });
  return `https://connect.linux.do/oauth2/authorize?${query.toString()}`;
}

/**
 * The OIDC provider's authorize endpoint (from discovery) for the code flow; the redirect address is
 * the one the server names again when it redeems the code: the server address, else this origin.
 */
export function oidcAuthorizeUrl(status: RedirectStatus, state: string, origin: string): string {
  const url = new URL(status.oidc_authorization_endpoint);
  url.searchParams.set('client_id', status.oidc_client_id);
  url.searchParams.set('redirect_uri', `${(status.server_address || origin).replace(/\/+$/, '')}/oauth/oidc`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid profile email');
  url.searchParams.set('state', state);
  return url.toString();
}

/**
 * Sends the browser to the provider; it returns to /oauth/{provider}. Used to sign in and, when
 * signed in already, to bind: the server tells the two apart.
 */
export async function startOauth(provider: OauthProvider, status: RedirectStatus): Promise<void> {
  const state = await fetchOauthState();
  if (provider === 'oidc') {
    window.location.assign(oidcAuthorizeUrl(status, state, window.location.origin));
    return;
  }
  const clientId = provider === 'github' ? status.github_client_id : status.linuxdo_client_id;
  window.location.assign(authorizeUrl(provider, clientId, state));
}
