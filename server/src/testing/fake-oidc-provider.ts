import { randomBytes } from 'node:crypto';
import { FakeJsonServer, type FakeRequest } from './fake-json-server';

export interface OidcProfile {
  sub: string;
  preferred_username?: string;
  name?: string;
  email?: string;
}

export const FAKE_OIDC_CLIENT = { id: 'sb-client', secret: 'sb-secret' };

/**
 * An OpenID Provider on 127.0.0.1: a discovery document, an authorize endpoint that signs in
 * `provider.signedIn` and redirects back with a one-use code, a token endpoint that checks the
 * client credentials and the redirect address, and a userinfo endpoint behind the access token.
 */
export class FakeOidcProvider {
  /** the profile the provider's own login currently has (the person at the browser) */
  signedIn: OidcProfile | null = null;
  private readonly codes = new Map<string, { profile: OidcProfile; redirect: string }>();
  private readonly tokens = new Map<string, OidcProfile>();
  readonly server = new FakeJsonServer((request) => this.answer(request));

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  get url(): string {
    return this.server.url;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private answer(request: FakeRequest) {
    switch (request.path) {
      case '/.well-known/openid-configuration':
        return {
          body: {
            issuer: this.url,
            authorization_endpoint: `${this.url}/authorize`,
            token_endpoint: `${this.url}/token`,
            userinfo_endpoint: `${this.url}/userinfo`,
            response_types_supported: ['code'],
          },
        };
      case '/authorize':
        return this.authorize(request.query);
      case '/token':
        return this.token(new URLSearchParams(request.body));
      case '/userinfo': {
        const profile = this.tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        return profile ? { body: profile } : { status: 401, body: { error: 'invalid_token' } };
      }
      default:
        return { status: 404, body: { error: 'not_found' } };
    }
  }

  private authorize(query: URLSearchParams) {
    const redirect = query.get('redirect_uri') ?? '';
    const scopes = (query.get('scope') ?? '').split(' ');
    if (
      query.get('client_id') !== FAKE_OIDC_CLIENT.id ||
      query.get('response_type') !== 'code' ||
      !scopes.includes('openid') ||
      !redirect
    ) {
      return { status: 400, body: { error: 'invalid_request' } };
    }
    if (!this.signedIn) return { status: 401, body: { error: 'login_required' } };
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, { profile: this.signedIn, redirect });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    return { status: 302, body: {}, headers: { location: back.toString() } };
  }

  private token(form: URLSearchParams) {
    if (form.get('client_id') !== FAKE_OIDC_CLIENT.id || form.get('client_secret') !== FAKE_OIDC_CLIENT.secret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } };
    }
    const grant = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirect !== form.get('redirect_uri')) {
      return {
        status: 400,
        body: { error: 'invalid_grant', error_description: 'the code is unknown, used or for another redirect' },
      };
    }
    const accessToken = randomBytes(12).toString('hex');
    this.tokens.set(accessToken, grant.profile);
    return {
      body: { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, id_token: 'unused.by.switchboard' },
    };
  }
}
