import { expect, it } from 'vitest';
import { sql, toNumber } from '../../db/dialect';
import { LogType } from '../../ledger/index';
import { userLogsOfType } from '../../testing/log-queries';
import { addChannel, addUser, flushAll } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { BrowserClient, setOptions } from '../../testing/account-fixtures';
import { storedRow, storedValue } from '../../testing/stored-rows';

const UNIT = 500_000;

await describeOnEachDatabase('own profile on %s', (server) => {
  let counter = 0;

  /** A fresh common user, signed in. */
  async function member(
    values: { group?: string; quota?: number } = {},
  ): Promise<{ id: number; client: BrowserClient; name: string }> {
    counter += 1;
    const name = `member${counter}`;
    const id = await addUser(server, name, values);
    const client = new BrowserClient(server);
    expect((await client.signIn(name, 'password123')).success).toBe(true);
    return { id, client, name };
  }

  it('answers its own user with a blank password and the live balance', async () => {
    const { id, client } = await member({ quota: 7 * UNIT });
    await server.context.balances.adjustUser(id, UNIT);
    const self = await client.get<{ id: number; password: string; quota: number }>('/api/user/self');
    expect(self.data).toMatchObject({ id, password: '', quota: 8 * UNIT });
  });

  it('changes the display name, and the password only with the current one', async () => {
    const { client, name } = await member();
    expect((await client.send('PUT', '/api/user/self', { display_name: 'Shown Name' })).success).toBe(true);
    expect((await client.get<{ display_name: string }>('/api/user/self')).data?.display_name).toBe('Shown Name');
    expect((await client.send('PUT', '/api/user/self', { display_name: 'n'.repeat(21) })).message).toBe(
      'The display name must not be longer than 20 characters',
    );
    expect((await client.get<{ display_name: string }>('/api/user/self')).data?.display_name).toBe('Shown Name');
    expect((await client.send('PUT', '/api/user/self', { password: 'newpassword1' })).message).toBe(
      'Please enter your current password',
    );
    expect(
      (await client.send('PUT', '/api/user/self', { password: 'newpassword1', original_password: 'nope-nope' }))
        .message,
    ).toBe('The current password is wrong');
    expect(
      (await client.send('PUT', '/api/user/self', { password: 'short', original_password: 'password123' })).message,
    ).toBe('The password must be 8 to 20 characters long');
    const changed = await client.send('PUT', '/api/user/self', {
      password: 'newpassword1',
      original_password: 'password123',
    });
    expect(changed.success, changed.message).toBe(true);
    expect((await new BrowserClient(server).signIn(name, 'password123')).success).toBe(false);
    expect((await new BrowserClient(server).signIn(name, 'newpassword1')).success).toBe(true);
  });

  it('changes its username within the rules, or says why not', async () => {
    const { client } = await member();
    const { name: taken } = await member();
    expect((await client.send('PUT', '/api/user/self', { username: taken })).message).toBe(
      'This username is already taken',
    );
    expect((await client.send('PUT', '/api/user/self', { username: 'u'.repeat(13) })).message).toBe(
      'The username must not be longer than 12 characters',
    );
    expect((await client.send('PUT', '/api/user/self', { username: '  ' })).message).toBe('Username cannot be empty');
    const renamed = await client.send('PUT', '/api/user/self', { username: 'renamed-one' });
    expect(renamed.success, renamed.message).toBe(true);
    expect((await client.get<{ username: string }>('/api/user/self')).data?.username).toBe('renamed-one');
    expect((await new BrowserClient(server).signIn('renamed-one', 'password123')).success).toBe(true);
    const chinese = new BrowserClient(server, 'zh');
    await chinese.signIn('renamed-one', 'password123');
    expect((await chinese.send('PUT', '/api/user/self', { username: taken })).message).toBe('用户名已存在，请换一个');
  });

  it('deregisters itself; the root account cannot', async () => {
    const { client, name } = await member();
    expect((await client.send('DELETE', '/api/user/self')).success).toBe(true);
    expect((await new BrowserClient(server).signIn(name, 'password123')).success).toBe(false);
    const root = new BrowserClient(server);
    await root.signIn('root', '123456');
    expect((await root.send('DELETE', '/api/user/self')).message).toBe(
      'The super administrator account cannot be deleted',
    );
  });

  it('issues a system access token that replaces the old one and works without a cookie', async () => {
    const { id, client } = await member();
    const first = (await client.get<string>('/api/user/token')).data ?? '';
    const second = (await client.get<string>('/api/user/token')).data ?? '';
    expect(second).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(second).not.toBe(first);
    const call = (token: string) =>
      server.call('/api/user/self', { headers: { Authorization: token, 'New-Api-User': String(id) } });
    expect((await call(first)).status).toBe(401);
    expect(((await (await call(second)).json()) as { data: { id: number } }).data.id).toBe(id);
  });

  it('answers a stable invite code', async () => {
    const { client } = await member();
    const code = (await client.get<string>('/api/user/aff')).data;
    expect(code).toMatch(/^[A-Za-z0-9]{4}$/);
    expect((await client.get<string>('/api/user/aff')).data).toBe(code);
  });

  /** A fresh member with `units` of invite earnings, asking for `count` transfers of `quota` at once. */
  async function parallelTransfers(units: number, count: number, quota: number) {
    const { id, client } = await member();
    await server.context.database.db
      .updateTable('users')
      .set({ aff_quota: units * UNIT })
      .where('id', '=', id)
      .execute();
    const transfer = (amount: number) => client.send('POST', '/api/user/aff_transfer', { quota: amount });
    const attempts = await Promise.all(Array.from({ length: count }, () => transfer(quota)));
    return { id, transfer, attempts };
  }

  it('moves invite earnings into the balance: at least one unit, never more than there is, never twice', async () => {
    const { id, transfer, attempts } = await parallelTransfers(3, 5, 2 * UNIT);
    const tooSmall = await transfer(UNIT - 1);
    expect(tooSmall).toMatchObject({ success: false, message: 'The minimum transfer amount is $1.00' });
    expect(attempts.filter((reply) => reply.success)).toHaveLength(1);
    expect(
      attempts.filter((reply) => !reply.success).every((reply) => reply.message === 'Not enough invite earnings'),
    ).toBe(true);
    const row = await storedRow(server.context.database.db, 'users', { id }, ['aff_quota']);
    expect(toNumber(row.aff_quota)).toBe(UNIT);
    expect(await server.context.balances.userQuota(id)).toBe(2 * UNIT);
  });

  it('of many parallel transfers, exactly those the earnings cover are taken, each credited and logged once', async () => {
    const { id, attempts } = await parallelTransfers(7, 20, UNIT);
    expect(attempts.filter((reply) => reply.success)).toHaveLength(7);
    expect(toNumber((await storedRow(server.context.database.db, 'users', { id }, ['aff_quota'])).aff_quota)).toBe(0);
    expect(await server.context.balances.userQuota(id)).toBe(7 * UNIT);
    await flushAll(server);
    const logs = await userLogsOfType(server, id, LogType.System);
    expect(logs.filter((row) => row.request_id.startsWith('aff-transfer:'))).toHaveLength(7);
    const claims = await server.context.database.db
      .selectFrom('pending_credits')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(claims).toEqual([]);
  });

  it('validates and stores the notification settings', async () => {
    const { id, client } = await member();
    const put = (body: Record<string, unknown>) => client.send('PUT', '/api/user/setting', body);
    expect((await put({ notify_type: 'webhook', webhook_url: 'http://hook.example.com' })).message).toBe(
      'The webhook address must be a valid https address',
    );
    expect((await put({ notify_type: 'email', notification_email: 'nope' })).message).toBe(
      'The notification email address is not valid',
    );
    expect((await put({ notify_type: 'email', quota_warning_threshold: -5 })).message).toMatch(/zero or more/);
    expect((await put({ notify_type: 'sms' })).success).toBe(false);
    const saved = await put({
      notify_type: 'webhook',
      quota_warning_threshold: 500000,
      webhook_url: 'https://hook.example.com/x',
      webhook_secret: 's3',
    });
    expect(saved.success, saved.message).toBe(true);
    const stored = async () =>
      JSON.parse(await storedValue(server.context.database.db, 'users', { id }, 'setting')) as unknown;
    const webhook = { webhook_url: 'https://hook.example.com/x', webhook_secret: 's3' };
    expect(await stored()).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 500000,
      ...webhook,
      notification_email: '',
      accept_unset_model_ratio_model: false,
    });
    // Choosing email (the form sends only that channel's fields) keeps the webhook for a later switch back.
    expect(
      (await put({ notify_type: 'email', quota_warning_threshold: 500000, notification_email: 'me@example.com' }))
        .success,
    ).toBe(true);
    expect(await stored()).toEqual({
      notify_type: 'email',
      quota_warning_threshold: 500000,
      ...webhook,
      notification_email: 'me@example.com',
      accept_unset_model_ratio_model: false,
    });
    expect((await put({ notify_type: 'webhook' })).success).toBe(true);
  });

  it('lists the models and groups the user may use', async () => {
    await setOptions(server, { UserUsableGroups: JSON.stringify({ default: 'Default group', vip: 'VIP group' }) });
    await addChannel(server, { baseUrl: 'http://127.0.0.1:9', models: ['gpt-b', 'gpt-a'], groups: ['default'] });
    await addChannel(server, { baseUrl: 'http://127.0.0.1:9', models: ['secret-model'], groups: ['hidden'] });
    const disabled = await addChannel(server, {
      baseUrl: 'http://127.0.0.1:9',
      models: ['off-model'],
      groups: ['default'],
    });
    await server.context.database.db
      .updateTable('abilities')
      .set({ enabled: sql`0` })
      .where('channel_id', '=', disabled)
      .execute();
    const { client } = await member();
    expect((await client.get<string[]>('/api/user/models')).data).toEqual(['gpt-a', 'gpt-b']);
    const groups = await client.get<Record<string, { ratio: number; desc: string }>>('/api/user/self/groups');
    expect(groups.data).toEqual({ default: { ratio: 1, desc: 'Default group' }, vip: { ratio: 1, desc: 'VIP group' } });
  });

  it('refuses every own-profile call without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/user/self'],
      ['PUT', '/api/user/self'],
      ['DELETE', '/api/user/self'],
      ['GET', '/api/user/token'],
      ['GET', '/api/user/aff'],
      ['POST', '/api/user/aff_transfer'],
      ['PUT', '/api/user/setting'],
      ['GET', '/api/user/models'],
      ['GET', '/api/user/self/groups'],
    ]) {
      expect((await server.call(path ?? '', { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});
