import { Role } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser } from '../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../testing/test-databases';
import { signIn, type TestServer } from '../../testing/test-server';
import { twoInstancesForTests } from '../../testing/two-instances';
import { BrowserClient } from '../../testing/account-fixtures';
import { FIXTURE_PASSWORD, signInNewUser, userAdminClient } from '../../testing/user-admin-fixtures';

const kinds = await availableDatabaseKinds();

/** Polls until `check` holds; pub/sub between instances takes a moment, never a sync interval. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.runIf(kinds.includes('postgres'))(
  'user administration across two instances sharing PostgreSQL and Redis',
  () => {
    const instances = twoInstancesForTests();
    let upstream: FakeOpenAIUpstream;

    beforeAll(async () => {
      upstream = await new FakeOpenAIUpstream().start();
      await addChannel(instances.first, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
      await instances.second.context.bus.channelsChanged();
    });
    afterAll(() => upstream.stop());

    const chatStatus = async (server: TestServer, apiKey: string) =>
      (
        await server.call('/v1/chat/completions', {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
        })
      ).status;

    it('a user disabled on one instance is refused by the other one; a quota set on one is the balance on both', async () => {
      const { first, second } = instances;
      const root = userAdminClient(first, await signIn(first, 'root', '123456'));
      const { id } = await signInNewUser(first, 'shared-user', Role.Common);
      expect(await root.update({ id, quota: 5_000_000 })).toMatchObject({ success: true });
      expect(await second.context.balances.userQuota(id)).toBe(5_000_000);

      const token = await addToken(first, id, { unlimited: true });
      expect(await chatStatus(second, token.apiKey)).toBe(200);
      expect(await root.manage(id, 'disable')).toMatchObject({ success: true });
      expect(await eventually(async () => (await chatStatus(second, token.apiKey)) === 403)).toBe(true);
    });

    it('a password changed on one instance ends the sessions the other one still served', async () => {
      const { first, second } = instances;
      await addUser(first, 'epoch-shared');
      const here = new BrowserClient(first);
      expect((await here.signIn('epoch-shared', FIXTURE_PASSWORD)).success).toBe(true);
      const elsewhere = new BrowserClient(second);
      expect((await elsewhere.signIn('epoch-shared', FIXTURE_PASSWORD)).success).toBe(true);
      expect((await elsewhere.get('/api/user/self')).status).toBe(200);
      expect(
        (await here.send('PUT', '/api/user/self', { password: 'newpassword1', original_password: FIXTURE_PASSWORD }))
          .success,
      ).toBe(true);
      expect((await elsewhere.get('/api/user/self')).status).toBe(401);
      expect((await here.on(second).get('/api/user/self')).status).toBe(200);
    });
  },
);
