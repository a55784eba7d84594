import { beforeAll, expect, it } from 'vitest';
import { addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { BrowserClient } from '../../testing/account-fixtures';

await describeOnEachDatabase('a password change, a ban or a deregistration ends the other sessions on %s', (server) => {
  let root: BrowserClient;
  let counter = 0;

  beforeAll(async () => {
    root = new BrowserClient(server);
    await root.signIn('root', '123456');
  });

  /** One user signed in from two browsers. */
  async function twoBrowsers(): Promise<{ id: number; name: string; here: BrowserClient; elsewhere: BrowserClient }> {
    counter += 1;
    const name = `epoch${counter}`;
    const id = await addUser(server, name);
    const here = new BrowserClient(server);
    const elsewhere = new BrowserClient(server);
    expect((await here.signIn(name, 'password123')).success).toBe(true);
    expect((await elsewhere.signIn(name, 'password123')).success).toBe(true);
    expect((await elsewhere.get('/api/user/self')).status).toBe(200);
    return { id, name, here, elsewhere };
  }

  const playgroundStatus = async (client: BrowserClient) =>
    (
      await client.send('POST', '/pg/chat/completions', {
        model: 'no-such-model',
        messages: [{ role: 'user', content: 'hi' }],
      })
    ).status;

  it('changing one’s own password keeps this browser signed in and signs the other one out, console and playground', async () => {
    const { name, here, elsewhere } = await twoBrowsers();
    const changed = await here.send('PUT', '/api/user/self', {
      password: 'newpassword1',
      original_password: 'password123',
    });
    expect(changed.success, changed.message).toBe(true);
    expect((await here.get('/api/user/self')).status).toBe(200);
    expect(await playgroundStatus(here)).not.toBe(401);
    const refused = await elsewhere.get('/api/user/self');
    expect(refused).toMatchObject({ status: 401, message: 'Not logged in or login expired, please log in again' });
    expect(await playgroundStatus(elsewhere)).toBe(401);
    // A fresh sign-in with the new password works again.
    expect((await elsewhere.signIn(name, 'newpassword1')).success).toBe(true);
    expect((await elsewhere.get('/api/user/self')).status).toBe(200);
  });

  const accessTokenStatus = async (id: number, accessToken: string) =>
    (await server.call('/api/user/self', { headers: { authorization: accessToken, 'New-Api-User': String(id) } }))
      .status;

  it('a password change, one’s own or an administrator’s, ends the system access token too', async () => {
    const { id, here } = await twoBrowsers();
    const first = (await here.get<string>('/api/user/token')).data ?? '';
    expect(await accessTokenStatus(id, first)).toBe(200);
    expect(
      (await here.send('PUT', '/api/user/self', { password: 'newpassword1', original_password: 'password123' }))
        .success,
    ).toBe(true);
    expect(await accessTokenStatus(id, first)).toBe(401);
    const second = (await here.get<string>('/api/user/token')).data ?? '';
    expect(await accessTokenStatus(id, second)).toBe(200);
    expect((await root.send('PUT', '/api/user/', { id, password: 'adminset123' })).success).toBe(true);
    expect(await accessTokenStatus(id, second)).toBe(401);
  });

  it('a display-name change alone ends no session', async () => {
    const { elsewhere, here } = await twoBrowsers();
    expect((await here.send('PUT', '/api/user/self', { display_name: 'Still Here' })).success).toBe(true);
    expect((await elsewhere.get('/api/user/self')).status).toBe(200);
  });

  it('an administrator setting the password signs the user out everywhere', async () => {
    const { id, here, elsewhere } = await twoBrowsers();
    expect((await root.send('PUT', '/api/user/', { id, password: 'adminset123' })).success).toBe(true);
    expect((await here.get('/api/user/self')).status).toBe(401);
    expect((await elsewhere.get('/api/user/self')).status).toBe(401);
  });

  it('a ban ends the sessions for good: enabling the user again does not bring them back', async () => {
    const { id, name, here } = await twoBrowsers();
    expect((await root.send('POST', '/api/user/manage', { id, action: 'disable' })).success).toBe(true);
    expect((await root.send('POST', '/api/user/manage', { id, action: 'enable' })).success).toBe(true);
    expect((await here.get('/api/user/self')).status).toBe(401);
    expect((await here.signIn(name, 'password123')).success).toBe(true);
    expect((await here.get('/api/user/self')).status).toBe(200);
  });

  it('deregistering oneself signs out the other browser too', async () => {
    const { elsewhere, here } = await twoBrowsers();
    expect((await here.send('DELETE', '/api/user/self')).success).toBe(true);
    expect((await elsewhere.get('/api/user/self')).status).toBe(401);
  });
});
