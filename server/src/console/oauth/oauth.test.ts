import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNumber } from '../../db/dialect';
import type { FakeJsonServer } from '../../testing/fake-json-server';
import { addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { BrowserClient, setOptions } from '../../testing/account-fixtures';
import { startFakeProviders } from '../../testing/fake-oauth-providers';
import { totpCode } from '../../testing/two-factor-kit';

await describeOnEachDatabase('third-party sign-in on %s', (server) => {
  let providers: FakeJsonServer;

  beforeAll(async () => {
    providers = await startFakeProviders(
      {
        'code-octo': { id: 101, login: 'octocat', name: 'The Octocat' },
        'code-long': { id: 102, login: 'a-very-long-github-login' },
        'code-bind': { id: 103, login: 'binder' },
        'code-taken': { id: 101, login: 'octocat' },
        'code-2fa': { id: 104, login: 'guarded' },
        'code-ld': { id: 201, login: 'penguin', trust_level: 2 },
        'code-ld-low': { id: 202, login: 'newcomer', trust_level: 0 },
        'code-ld-bind': { id: 203, login: 'binder2', trust_level: 3 },
      },
      { 'wx-1': 'wechat-openid-1', 'wx-2': 'wechat-openid-2' },
    );
    await setOptions(server, {
      GitHubOAuthEnabled: true,
      GitHubClientId: 'gh-id',
      GitHubClientSecret: 'gh-secret',
      GitHubTokenEndpoint: `${providers.url}/github/token`,
      GitHubUserEndpoint: `${providers.url}/github/user`,
      LinuxDOOAuthEnabled: true,
      LinuxDOClientId: 'ld-id',
      LinuxDOClientSecret: 'ld-secret',
      LinuxDOTokenEndpoint: `${providers.url}/linuxdo/token`,
      LinuxDOUserEndpoint: `${providers.url}/linuxdo/user`,
      LinuxDOMinimumTrustLevel: 1,
      WeChatAuthEnabled: true,
      WeChatServerAddress: `${providers.url}/`,
      WeChatServerToken: 'wx-token',
    });
  });
  afterAll(async () => {
    await providers.stop();
  });

  async function callback(client: BrowserClient, provider: string, code: string, aff = '') {
    const state = await client.get<string>(`/api/oauth/state${aff ? `?aff=${aff}` : ''}`);
    expect(state.data).toMatch(/^[A-Za-z0-9]{12}$/);
    return client.get<{ id: number; username: string }>(`/api/oauth/${provider}?code=${code}&state=${state.data}`);
  }
  const userOf = (column: 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id', value: string) =>
    server.context.database.db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();

  describe('GitHub', () => {
    it('creates a user on first sign-in, with the invite code of the state, and signs the same user in later', async () => {
      const inviterId = await addUser(server, 'ghinviter');
      await server.context.database.db
        .updateTable('users')
        .set({ aff_code: 'INVT' })
        .where('id', '=', inviterId)
        .execute();
      const browser = new BrowserClient(server);
      const first = await callback(browser, 'github', 'code-octo', 'INVT');
      expect(first.success, first.message).toBe(true);
      expect(first.data?.username).toBe('octocat');
      browser.adopt(first);
      const self = await browser.get<{ github_id: string; display_name: string; inviter_id: number }>('/api/user/self');
      expect(self.data).toMatchObject({ github_id: '101', display_name: 'The Octocat', inviter_id: inviterId });
      const again = await callback(new BrowserClient(server), 'github', 'code-octo');
      expect(again.data?.id).toBe(first.data?.id);
    });

    it('asks for the second factor of an account that has one, and signs in only with its code', async () => {
      const browser = new BrowserClient(server);
      const first = await callback(browser, 'github', 'code-2fa');
      browser.adopt(first);
      const setup = await browser.send<{ secret: string }>('POST', '/api/user/2fa/setup');
      expect(
        (await browser.send('POST', '/api/user/2fa/enable', { code: totpCode(setup.data?.secret ?? '') })).success,
      ).toBe(true);

      const visitor = new BrowserClient(server);
      const asked = await callback(visitor, 'github', 'code-2fa');
      expect(asked).toMatchObject({ success: true, data: { require_2fa: true, flow_token: expect.any(String) } });
      expect(asked.data).not.toHaveProperty('id');
      expect((await visitor.get('/api/user/self')).success).toBe(false);
      const wrong = await visitor.send('POST', '/api/user/login/2fa', { code: '000000' });
      expect(wrong.success).toBe(false);
      const signedIn = await visitor.send<{ id: number }>('POST', '/api/user/login/2fa', {
        code: totpCode(setup.data?.secret ?? '', 1),
      });
      expect(signedIn.data?.id).toBe(first.data?.id);
      visitor.adopt(signedIn);
      expect((await visitor.get('/api/user/self')).success).toBe(true);
    });

    it('names a new user github_<n> when the login does not fit', async () => {
      const reply = await callback(new BrowserClient(server), 'github', 'code-long');
      expect(reply.data?.username).toMatch(/^github_\d+$/);
    });

    it('refuses a wrong, foreign or replayed state with HTTP 403', async () => {
      const browser = new BrowserClient(server);
      await browser.get('/api/oauth/state');
      const wrong = await browser.get('/api/oauth/github?code=code-octo&state=forgedstate1');
      expect(wrong).toMatchObject({ status: 403, success: false, message: 'The state is empty or does not match' });
      const other = new BrowserClient(server);
      const foreign = (await other.get<string>('/api/oauth/state')).data;
      expect((await browser.get(`/api/oauth/github?code=code-octo&state=${foreign}`)).status).toBe(403);
      const own = (await browser.get<string>('/api/oauth/state')).data;
      expect((await browser.get(`/api/oauth/github?code=code-octo&state=${own}`)).success).toBe(true);
      expect((await browser.get(`/api/oauth/github?code=code-octo&state=${own}`)).status).toBe(403);
    });

    it('binds for a signed-in user (message "bind"), and refuses an account bound elsewhere', async () => {
      await addUser(server, 'ghbinder');
      const browser = new BrowserClient(server);
      await browser.signIn('ghbinder', 'password123');
      const bound = await callback(browser, 'github', 'code-bind');
      expect(bound).toMatchObject({ success: true, message: 'bind' });
      expect((await userOf('github_id', '103'))?.username).toBe('ghbinder');
      const taken = await callback(browser, 'github', 'code-taken');
      expect(taken).toMatchObject({ success: false, message: 'This GitHub account is already bound to another user' });
    });

    it('reports a refused code, a disabled method and a banned user', async () => {
      const refused = await callback(new BrowserClient(server), 'github', 'code-unknown');
      expect(refused.message).toBe('GitHub sign-in failed: The code passed is incorrect or expired.');
      await setOptions(server, { GitHubOAuthEnabled: false });
      expect((await callback(new BrowserClient(server), 'github', 'code-octo')).message).toBe(
        'The administrator has not enabled sign-in and registration with GitHub',
      );
      await setOptions(server, { GitHubOAuthEnabled: true });
      await server.context.database.db.updateTable('users').set({ status: 2 }).where('github_id', '=', '101').execute();
      expect((await callback(new BrowserClient(server), 'github', 'code-octo')).message).toBe(
        'This user has been banned',
      );
    });

    it('says the provider is unreachable when it is', async () => {
      await setOptions(server, { GitHubTokenEndpoint: 'http://127.0.0.1:9/token' });
      expect((await callback(new BrowserClient(server), 'github', 'code-octo')).message).toBe(
        'Could not reach the GitHub server, please try again later',
      );
      await setOptions(server, { GitHubTokenEndpoint: `${providers.url}/github/token` });
    });
  });

  describe('Linux DO', () => {
    it('signs in with HTTP Basic client authentication, and binds', async () => {
      const reply = await callback(new BrowserClient(server), 'linuxdo', 'code-ld');
      expect(reply.success, reply.message).toBe(true);
      expect((await userOf('linux_do_id', '201'))?.username).toBe('penguin');
      await addUser(server, 'ldbinder');
      const browser = new BrowserClient(server);
      await browser.signIn('ldbinder', 'password123');
      expect((await callback(browser, 'linuxdo', 'code-ld')).message).toBe(
        'This Linux DO account is already bound to another user',
      );
      expect(await callback(browser, 'linuxdo', 'code-ld-bind')).toMatchObject({ success: true, message: 'bind' });
      expect((await userOf('linux_do_id', '203'))?.username).toBe('ldbinder');
      const state = (await browser.get<string>('/api/oauth/state')).data;
      expect((await browser.get(`/api/oauth/linuxdo?code=code-ld-bind&state=${state}x`)).status).toBe(403);
    });

    it('refuses a trust level below the minimum', async () => {
      expect((await callback(new BrowserClient(server), 'linuxdo', 'code-ld-low')).message).toBe(
        'Your Linux DO trust level is below the minimum the administrator requires',
      );
      expect(await userOf('linux_do_id', '202')).toBeUndefined();
    });
  });

  describe('WeChat', () => {
    it('signs in with the code the WeChat server knows, binds another account, refuses a wrong code', async () => {
      const reply = await new BrowserClient(server).get<{ username: string }>('/api/oauth/wechat?code=wx-1');
      expect(reply.success, reply.message).toBe(true);
      expect(reply.data?.username).toMatch(/^wechat_\d+$/);
      const wrong = await new BrowserClient(server).get('/api/oauth/wechat?code=wx-9');
      expect(wrong.message).toBe('WeChat sign-in failed: 验证码错误或已过期');
      const userId = await addUser(server, 'wxbinder');
      const browser = new BrowserClient(server);
      await browser.signIn('wxbinder', 'password123');
      expect(await browser.get('/api/oauth/wechat/bind?code=wx-2')).toMatchObject({ success: true, message: 'bind' });
      expect(toNumber((await userOf('wechat_id', 'wechat-openid-2'))?.id)).toBe(userId);
      expect((await browser.get('/api/oauth/wechat/bind?code=wx-1')).message).toBe(
        'This WeChat account is already bound to another user',
      );
    });
  });
});
