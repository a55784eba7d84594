import { FakeJsonServer } from './fake-json-server';

export interface FakeProfile {
  id: number;
  login: string;
  name?: string;
  trust_level?: number;
}

/**
 * One fake server playing GitHub, Linux DO and the WeChat server: a code maps to a profile; the token
 * endpoints check the client credentials the way each provider expects them.
 */
export function startFakeProviders(profiles: Record<string, FakeProfile>, wechatCodes: Record<string, string>) {
  return new FakeJsonServer((request) => {
    if (request.path === '/github/token') {
      const body = JSON.parse(request.body) as { client_id: string; client_secret: string; code: string };
      if (body.client_id !== 'gh-id' || body.client_secret !== 'gh-secret' || !profiles[body.code]) {
        return {
          body: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
        };
      }
      return { body: { access_token: `token-${body.code}`, token_type: 'bearer' } };
    }
    if (request.path === '/linuxdo/token') {
      const form = new URLSearchParams(request.body);
      const expected = `Basic ${Buffer.from('ld-id:ld-secret').toString('base64')}`;
      if (
        request.headers.authorization !== expected ||
        form.get('grant_type') !== 'authorization_code' ||
        !profiles[form.get('code') ?? '']
      ) {
        return { status: 401, body: { error: 'invalid_client' } };
      }
      return { body: { access_token: `token-${form.get('code')}` } };
    }
    if (request.path === '/github/user' || request.path === '/linuxdo/user') {
      const code = (request.headers.authorization ?? '').replace('Bearer token-', '');
      const profile = profiles[code];
      if (!profile) return { status: 401, body: { message: 'Bad credentials' } };
      return request.path === '/github/user'
        ? { body: { id: profile.id, login: profile.login, name: profile.name ?? null } }
        : {
            body: {
              id: profile.id,
              username: profile.login,
              name: profile.name ?? '',
              trust_level: profile.trust_level ?? 1,
              active: true,
            },
          };
    }
    if (request.path === '/api/wechat/user') {
      if (request.headers.authorization !== 'wx-token') return { body: { success: false, message: 'unauthorised' } };
      const id = wechatCodes[request.query.get('code') ?? ''];
      return {
        body: id ? { success: true, message: '', data: id } : { success: false, message: '验证码错误或已过期' },
      };
    }
    return { status: 404, body: { message: 'not found' } };
  }).start();
}
