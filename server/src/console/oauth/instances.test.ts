import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../../config';
import type { FakeJsonServer } from '../../testing/fake-json-server';
import type { MailCatcher } from '../../testing/mail-catcher';
import { availableDatabaseKinds } from '../../testing/test-databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { BrowserClient, codeIn, setOptions, startMailCatcher } from '../../testing/account-fixtures';
import { startFakeProviders } from '../../testing/fake-oauth-providers';

const kinds = await availableDatabaseKinds();
const SHARED_SECRET = { SESSION_SECRET: 'two-instances-share-this-secret' };

describe.each(kinds)('two instances over one %s database', (kind: DatabaseKind) => {
  let first: TestServer;
  let second: TestServer;
  let mail: MailCatcher;
  let providers: FakeJsonServer;

  beforeAll(async () => {
    first = await startTestServer({ databaseKind: kind, environment: SHARED_SECRET });
    second = await startTestServer({ sharedDatabase: first.database, environment: SHARED_SECRET });
    mail = await startMailCatcher(first);
    providers = await startFakeProviders({ 'code-one': { id: 501, login: 'wanderer' } }, {});
    await setOptions(first, {
      EmailVerificationEnabled: true,
      GitHubOAuthEnabled: true,
      GitHubClientId: 'gh-id',
      GitHubClientSecret: 'gh-secret',
      GitHubTokenEndpoint: `${providers.url}/github/token`,
      GitHubUserEndpoint: `${providers.url}/github/user`,
    });
    // The second instance reads the options the first saved, as it would after the change notice.
    await second.context.options.load();
  });
  afterAll(async () => {
    await providers.stop();
    await mail.stop();
    await second.stop();
    await first.stop();
  });

  it('a code mailed by one instance registers on the other, once', async () => {
    const address = `shared-${kind}@example.com`;
    expect((await new BrowserClient(first).get(`/api/verification?email=${address}`)).success).toBe(true);
    const code = codeIn((await mail.latestTo(address)).body);
    const body = { username: 'sharedcode', password: 'password1', email: address, verification_code: code };
    const done = await new BrowserClient(second).send('POST', '/api/user/register', body);
    expect(done.success, done.message).toBe(true);
    const again = await new BrowserClient(first).send('POST', '/api/user/register', {
      ...body,
      username: 'sharedcode2',
    });
    expect(again.success).toBe(false);
  });

  it('an OAuth state issued by one instance is accepted by the other, once', async () => {
    const onFirst = new BrowserClient(first);
    const state = (await onFirst.get<string>('/api/oauth/state')).data;
    const onSecond = onFirst.on(second);
    const signedIn = await onSecond.get<{ username: string }>(`/api/oauth/github?code=code-one&state=${state}`);
    expect(signedIn.success, signedIn.message).toBe(true);
    expect(signedIn.data?.username).toBe('wanderer');
    expect((await onFirst.get(`/api/oauth/github?code=code-one&state=${state}`)).status).toBe(403);
  });
});
