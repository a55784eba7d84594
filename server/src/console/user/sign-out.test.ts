import { describe, expect, it } from 'vitest';
import { SessionCodec } from '../../platform/session';
import { addUser } from '../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../testing/test-databases';
import { describeOnEachDatabase, signIn, type TestServer } from '../../testing/test-server';
import { twoInstancesForTests } from '../../testing/two-instances';

const kinds = await availableDatabaseKinds();
const PASSWORD = 'password123';
const SESSION_SECRET = 'sign-out-test-secret-0123456789';

type Caller = Pick<TestServer, 'call'>;

const selfStatus = async (server: Caller, headers: Record<string, string>) =>
  (await server.call('/api/user/self', { headers })).status;
const playgroundStatus = async (server: Caller, headers: Record<string, string>) =>
  (
    await server.call('/pg/chat/completions', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] }),
    })
  ).status;

async function signOut(server: Caller, headers: Record<string, string>): Promise<void> {
  const reply = await server.call('/api/user/logout', { headers });
  expect(await reply.json()).toEqual({ success: true, message: '' });
  expect(reply.headers.get('set-cookie')).toMatch(/session=;/);
}

await describeOnEachDatabase(
  'signing out ends that session, and only that one, on %s',
  (server) => {
    let counter = 0;

    const newUser = async () => {
      counter += 1;
      const name = `signout${counter}`;
      await addUser(server, name);
      return name;
    };

    it('the signed-out cookie is refused by the console and the playground; the other browser stays signed in', async () => {
      const name = await newUser();
      const here = await signIn(server, name, PASSWORD);
      const elsewhere = await signIn(server, name, PASSWORD);
      expect(await selfStatus(server, here)).toBe(200);
      await signOut(server, here);
      expect(await selfStatus(server, here)).toBe(401);
      expect(await playgroundStatus(server, here)).toBe(401);
      expect(await selfStatus(server, elsewhere)).toBe(200);
      expect(await playgroundStatus(server, elsewhere)).not.toBe(401);
      // Signing the same cookie out twice is harmless, and signing in again works.
      await signOut(server, here);
      expect(await selfStatus(server, await signIn(server, name, PASSWORD))).toBe(200);
    });

    it('a cookie from before session ids existed is signed out by ending all of the user’s sessions', async () => {
      const name = await newUser();
      const current = await signIn(server, name, PASSWORD);
      const userId = Number(current['New-Api-User']);
      const codec = new SessionCodec(SESSION_SECRET);
      const legacy = {
        cookie: `session=${codec.encode({ uid: userId, iat: Math.floor(Date.now() / 1000), ep: 0 })}`,
        'New-Api-User': String(userId),
      };
      expect(await selfStatus(server, legacy)).toBe(200);
      await signOut(server, legacy);
      expect(await selfStatus(server, legacy)).toBe(401);
      expect(await selfStatus(server, current)).toBe(401);
    });
  },
  { environment: { SESSION_SECRET } },
);

describe.runIf(kinds.includes('postgres'))('signing out on one instance of two sharing PostgreSQL and Redis', () => {
  const instances = twoInstancesForTests();

  it('is refused by the other instance at once', async () => {
    const { first, second } = instances;
    await addUser(first, 'signout-shared');
    const headers = await signIn(first, 'signout-shared', PASSWORD);
    const elsewhere = await signIn(second, 'signout-shared', PASSWORD);
    expect(await selfStatus(second, headers)).toBe(200);
    expect(await playgroundStatus(second, headers)).not.toBe(401);
    await signOut(first, headers);
    expect(await selfStatus(second, headers)).toBe(401);
    expect(await playgroundStatus(second, headers)).toBe(401);
    expect(await selfStatus(second, elsewhere)).toBe(200);
  });
});
