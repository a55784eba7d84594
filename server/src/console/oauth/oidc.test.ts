import type { StatusData } from '@switchboard/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { BrowserClient, setOptions } from '../../testing/account-fixtures';
import { callerForTests } from '../../testing/channel-fixtures';
import { FakeFileServer } from '../../testing/fake-file-server';
import { FAKE_OIDC_CLIENT, FakeOidcProvider } from '../../testing/fake-oidc-provider';
import { optionCalls } from '../../testing/option-calls';
import { storedRows } from '../../testing/stored-rows';

await describeOnEachDatabase('OIDC sign-in on %s', (server) => {
  let provider: FakeOidcProvider;
  const root = callerForTests(server);
  let files: FakeFileServer;

  beforeAll(async () => {
    provider = await new FakeOidcProvider().start();
    files = await new FakeFileServer().start();
  });
  afterAll(async () => {
    await files.stop();
    await provider.stop();
  });

  const { put, listed } = optionCalls(root);

  /** What the console does: read /api/status, take a state, follow the authorize redirect, call the callback. */
  async function signInThroughProvider(browser: BrowserClient, stateOverride?: string) {
    const status = (await browser.get<StatusData>('/api/status')).data!;
    const state = (await browser.get<string>('/api/oauth/state')).data!;
    const authorize = new URL(status.oidc_authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: status.oidc_client_id,
      redirect_uri: `${status.server_address}/oauth/oidc`,
      response_type: 'code',
      scope: 'openid profile email',
      state,
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/oauth/oidc`);
    expect(back.searchParams.get('state')).toBe(state);
    return browser.get<{ id: number; username: string }>(
      `/api/oauth/oidc?code=${back.searchParams.get('code')}&state=${stateOverride ?? state}`,
    );
  }

  it('is configured over HTTP: discovery fills the endpoints, the secret is never listed, status shows the public parts', async () => {
    expect((await put('ServerAddress', server.url)).success).toBe(true);
    expect((await put('oidc.client_id', FAKE_OIDC_CLIENT.id)).success).toBe(true);
    expect((await put('oidc.client_secret', FAKE_OIDC_CLIENT.secret)).success).toBe(true);
    const discovered = await put('oidc.well_known', `${provider.url}/.well-known/openid-configuration`);
    expect(discovered.success, discovered.message).toBe(true);
    expect((await put('oidc.enabled', true)).success).toBe(true);

    const options = await listed();
    expect(options).toMatchObject({
      'oidc.enabled': 'true',
      'oidc.client_id': FAKE_OIDC_CLIENT.id,
      'oidc.authorization_endpoint': `${provider.url}/authorize`,
      'oidc.token_endpoint': `${provider.url}/token`,
      'oidc.user_info_endpoint': `${provider.url}/userinfo`,
    });
    expect(options).not.toHaveProperty('oidc.client_secret');
    expect(JSON.stringify(options)).not.toContain(FAKE_OIDC_CLIENT.secret);

    const status = (await new BrowserClient(server).get<Record<string, unknown>>('/api/status')).data!;
    expect(status).toMatchObject({
      oidc_enabled: true,
      oidc_client_id: FAKE_OIDC_CLIENT.id,
      oidc_authorization_endpoint: `${provider.url}/authorize`,
    });
    expect(JSON.stringify(status)).not.toContain(FAKE_OIDC_CLIENT.secret);
    expect(JSON.stringify(status)).not.toContain('/token');
  });

  it('refuses an unreadable discovery address or a non-address, and changes nothing', async () => {
    const unreachable = await put('oidc.well_known', 'http://127.0.0.1:9/.well-known/openid-configuration');
    expect(unreachable).toMatchObject({
      success: false,
      message: 'Could not read the OIDC discovery document at the well-known address, please check it',
    });
    const incomplete = await put('oidc.well_known', `${provider.url}/userinfo`);
    expect(incomplete.success).toBe(false);
    expect(
      (await root('PUT', '/api/option/', { key: 'oidc.token_endpoint', value: 'ftp://example.com/token' }, 'zh'))
        .message,
    ).toBe('oidc.token_endpoint 必须是以 http:// 或 https:// 开头的地址');
    expect(await listed()).toMatchObject({
      'oidc.well_known': `${provider.url}/.well-known/openid-configuration`,
      'oidc.token_endpoint': `${provider.url}/token`,
    });
  });

  it('cuts a 200 MB discovery document at 1 MB: a quick clear refusal, nothing changed', async () => {
    const before = await listed();
    const started = Date.now();
    const huge = await put('oidc.well_known', `${files.url}/endless?mb=200`);
    expect(huge).toMatchObject({
      success: false,
      message: 'Could not read the OIDC discovery document at the well-known address, please check it',
    });
    expect(await files.endlessClosed).toBeLessThan(16 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await listed()).toEqual(before);
  });

  it('creates a user on first sign-in (username, name and email from the provider) and signs the same user in later', async () => {
    provider.signedIn = {
      sub: 'subject-1',
      preferred_username: 'alice',
      name: 'Alice Liddell',
      email: 'alice@example.com',
    };
    const browser = new BrowserClient(server);
    const first = await signInThroughProvider(browser);
    expect(first.success, first.message).toBe(true);
    expect(first.data?.username).toBe('alice');
    browser.adopt(first);
    const self = await browser.get<{ oidc_id: string; display_name: string; email: string }>('/api/user/self');
    expect(self.data).toMatchObject({
      oidc_id: 'subject-1',
      display_name: 'Alice Liddell',
      email: 'alice@example.com',
    });
    const again = await signInThroughProvider(new BrowserClient(server));
    expect(again.data?.id).toBe(first.data?.id);
  });

  it('names a user oidc_<n> when the provider gives no usable username', async () => {
    provider.signedIn = { sub: 'subject-2' };
    const reply = await signInThroughProvider(new BrowserClient(server));
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data?.username).toMatch(/^oidc_\d+$/);
  });

  it("refuses a state that is not this browser's with HTTP 403, and a code the provider does not know", async () => {
    provider.signedIn = { sub: 'subject-3', preferred_username: 'mallory' };
    const forged = await signInThroughProvider(new BrowserClient(server), 'forgedstate1');
    expect(forged).toMatchObject({ status: 403, success: false, message: 'The state is empty or does not match' });
    const browser = new BrowserClient(server);
    const state = (await browser.get<string>('/api/oauth/state')).data;
    expect((await browser.get(`/api/oauth/oidc?code=made-up&state=${state}`)).message).toBe(
      'OIDC sign-in failed: the code is unknown, used or for another redirect',
    );
    expect(await storedRows(server.context.database.db, 'users', { oidc_id: 'subject-3' }, ['id'])).toEqual([]);
  });

  it('binds for a signed-in user (message "bind") and refuses an account bound to someone else', async () => {
    await addUser(server, 'oidcbinder');
    const browser = new BrowserClient(server);
    await browser.signIn('oidcbinder', 'password123');
    provider.signedIn = { sub: 'subject-4', preferred_username: 'binder' };
    expect(await signInThroughProvider(browser)).toMatchObject({ success: true, message: 'bind' });
    expect((await browser.get<{ oidc_id: string }>('/api/user/self')).data?.oidc_id).toBe('subject-4');
    provider.signedIn = { sub: 'subject-1' };
    expect(await signInThroughProvider(browser)).toMatchObject({
      success: false,
      message: 'This OIDC account is already bound to another user',
    });
  });

  it('refuses when OIDC is turned off, and a banned user', async () => {
    provider.signedIn = { sub: 'subject-1' };
    await setOptions(server, { 'oidc.enabled': false });
    expect((await signInThroughProvider(new BrowserClient(server))).message).toBe(
      'The administrator has not enabled sign-in and registration with OIDC',
    );
    await setOptions(server, { 'oidc.enabled': true });
    await server.context.database.db
      .updateTable('users')
      .set({ status: 2 })
      .where('oidc_id', '=', 'subject-1')
      .execute();
    expect((await signInThroughProvider(new BrowserClient(server))).message).toBe('This user has been banned');
  });
});
