import { Role, UserStatus } from '@switchboard/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LogType } from '../../ledger/log-writer';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';
import {
  FIXTURE_PASSWORD,
  signInNewUser,
  storedStanding,
  userAdminClient,
  type UserAdminClient,
} from '../../testing/user-admin-fixtures';
import { userLogs } from '../../testing/log-queries';
import { storedRow, storedValue } from '../../testing/stored-rows';
import { setOptions } from '../../testing/account-fixtures';

await describeOnEachDatabase('user administration on %s', (server) => {
  let upstream: FakeOpenAIUpstream;
  let root: UserAdminClient;

  beforeAll(async () => {
    upstream = await new FakeOpenAIUpstream().start();
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    root = userAdminClient(server, await signIn(server, 'root', '123456'));
  });
  afterAll(async () => {
    await upstream.stop();
  });

  const idOf = async (username: string) =>
    Number(await storedValue(server.context.database.db, 'users', { username }, 'id'));

  const chat = (apiKey: string) =>
    server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('creates a user who can then sign in; display name defaults to the username', async () => {
    expect(await root.create({ username: 'carol', display_name: '', password: 'carol-pass-1' })).toMatchObject({
      success: true,
    });
    const id = await idOf('carol');
    expect((await root.get(id)).data).toMatchObject({
      username: 'carol',
      display_name: 'carol',
      role: Role.Common,
      status: UserStatus.Enabled,
      group: 'default',
      DeletedAt: null,
    });
    await expect(signIn(server, 'carol', 'carol-pass-1')).resolves.toMatchObject({ 'New-Api-User': String(id) });
  });

  it.each([
    [{ username: '', password: 'password123' }, 'Username and password cannot be empty'],
    [{ username: 'dave', password: '' }, 'Username and password cannot be empty'],
    [{ username: 'thirteen-char', password: 'password123' }, 'The username must not be longer than 12 characters'],
    [{ username: 'dave', password: 'short' }, 'The password must be 8 to 20 characters long'],
    [{ username: 'dave', password: 'p'.repeat(21) }, 'The password must be 8 to 20 characters long'],
    [{ username: 'root', password: 'password123' }, 'This username is already taken'],
    [
      { username: 'dave', display_name: 'd'.repeat(21), password: 'password123' },
      'The display name must not be longer than 20 characters',
    ],
  ])('refuses to create %o: %s', async (body, message) => {
    const before = await server.context.database.db
      .selectFrom('users')
      .select((select) => select.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(await root.create(body)).toEqual({ success: false, message });
    const after = await server.context.database.db
      .selectFrom('users')
      .select((select) => select.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it('lists newest first, pages, and searches by id, username, display name, email and group', async () => {
    const ids: number[] = [];
    for (const name of ['page-a', 'page-b', 'page-c']) ids.push(await addUser(server, name, { group: 'vip-search' }));
    await server.context.database.db
      .updateTable('users')
      .set({ display_name: 'Zed Display', email: 'zed@example.com' })
      .where('id', '=', ids[1]!)
      .execute();
    const first = await root.list('?p=1&page_size=2');
    expect(first.data).toMatchObject({ page: 1, total: expect.any(Number) });
    expect(first.data?.items).toHaveLength(2);
    expect(first.data?.items.map((user) => user.id)).toEqual(
      [...(first.data?.items.map((user) => user.id) ?? [])].sort((a, b) => b - a),
    );
    const group = await root.search('group=vip-search&p=1&page_size=10');
    expect(group.data?.items.map((user) => user.id)).toEqual([...ids].reverse());
    expect(group.data?.total).toBe(3);
    const paged = await root.search('group=vip-search&p=2&page_size=2');
    expect(paged.data?.items.map((user) => user.id)).toEqual([ids[0]]);
    for (const keyword of ['zed display', 'ZED@EXAMPLE', 'page-b', String(ids[1])]) {
      const found = await root.search(`keyword=${encodeURIComponent(keyword)}&group=vip-search`);
      expect(found.data?.items.map((user) => user.id)).toEqual([ids[1]]);
    }
    const none = await root.search('keyword=page-b&group=default');
    expect(none.data).toMatchObject({ items: [], total: 0 });
  });

  it('edits username, display name, group and password; refuses bad fields without changing anything', async () => {
    const id = await addUser(server, 'erin');
    expect(
      await root.update({ id, username: 'erin2', display_name: 'Erin', group: 'vip', password: 'new-password' }),
    ).toMatchObject({ success: true });
    expect(await storedStanding(server, id)).toMatchObject({ username: 'erin2', display_name: 'Erin', group: 'vip' });
    await expect(signIn(server, 'erin2', 'new-password')).resolves.toBeDefined();
    for (const [body, message] of [
      [{ username: 'root' }, 'This username is already taken'],
      [{ username: '' }, 'Username cannot be empty'],
      [{ group: ' ' }, 'Group cannot be empty'],
      [{ group: 'g'.repeat(65) }, 'The group name can have at most 64 characters'],
      [{ password: 'short', display_name: 'Changed' }, 'The password must be 8 to 20 characters long'],
      [
        { group: 'no-such-group', display_name: 'Changed' },
        'The group "no-such-group" does not exist; add it to the group ratios first',
      ],
      [{ group: 'Vip', display_name: 'Changed' }, 'The group "Vip" does not exist; add it to the group ratios first'],
      [{ quota: -1, display_name: 'Changed' }, 'Quota cannot be negative'],
    ] as const) {
      expect(await root.update({ id, ...body })).toEqual({ success: false, message });
    }
    expect(await storedStanding(server, id)).toMatchObject({ username: 'erin2', display_name: 'Erin', group: 'vip' });
    expect((await root.update({ id, quota: 1.5 })).message).toMatch(/^Invalid parameter: quota/);
  });

  it('keeps a group whose ratio was removed on an unrelated edit, but moves no one into it', async () => {
    const kept = await addUser(server, 'kept-group', { group: 'retired' });
    expect(await root.update({ id: kept, group: 'retired', display_name: 'Kept' })).toMatchObject({ success: true });
    expect(await storedStanding(server, kept)).toMatchObject({ group: 'retired', display_name: 'Kept' });
    const other = await addUser(server, 'other-group');
    const rootZh = userAdminClient(server, await signIn(server, 'root', '123456'), 'zh');
    expect(await rootZh.update({ id: other, group: 'retired' })).toEqual({
      success: false,
      message: '分组“retired”不存在，请先在分组倍率中添加',
    });
    expect(await storedStanding(server, other)).toMatchObject({ group: 'default' });
  });

  it('sets and adds quota through the balance book, refuses a negative result, and logs each change', async () => {
    const id = await addUser(server, 'frank', { quota: 1_000 });
    expect(await root.update({ id, quota: 500_000 })).toMatchObject({ success: true });
    expect(await root.update({ id, add_quota: -200_000 })).toMatchObject({ success: true });
    expect((await root.get(id)).data?.quota).toBe(300_000);
    expect(await root.update({ id, add_quota: -300_001 })).toEqual({
      success: false,
      message: 'The quota after adding cannot be negative (currently 300000)',
    });
    expect(await root.update({ id, quota: 100, add_quota: -101 })).toMatchObject({ success: false });
    expect(await server.context.balances.userQuota(id)).toBe(300_000);
    await flushAll(server);
    const stored = await storedRow(server.context.database.db, 'users', { id }, ['quota']);
    expect(Number(stored.quota)).toBe(300_000);
    expect(await userLogs(server, id, ['content', 'type'])).toEqual([
      { type: LogType.Admin, content: '管理员将用户额度从 ＄0.002000 额度 修改为 ＄1.000000 额度' },
      { type: LogType.Admin, content: '管理员将用户额度从 ＄1.000000 额度 修改为 ＄0.600000 额度' },
    ]);
  });

  it('writes the amounts as quota points when quota is not shown in currency, as the reference does', async () => {
    const id = await addUser(server, 'fern', { quota: 1_000 });
    await setOptions(server, { DisplayInCurrencyEnabled: false });
    try {
      expect(await root.update({ id, quota: 2_500 })).toMatchObject({ success: true });
    } finally {
      await setOptions(server, { DisplayInCurrencyEnabled: true });
    }
    await flushAll(server);
    expect(await userLogs(server, id, ['content'])).toEqual([
      { content: '管理员将用户额度从 1000 点额度 修改为 2500 点额度' },
    ]);
  });

  it('disabling takes effect at once: the relay refuses their token and the console their session; enabling restores both', async () => {
    const { id, headers } = await signInNewUser(server, 'grace', Role.Common);
    await server.context.balances.setUserQuota(id, 10_000_000);
    const token = await addToken(server, id, { unlimited: true });
    const self = () =>
      server
        .call('/api/user/self', { headers: { ...headers, 'accept-language': 'en' } })
        .then((response) => response.json());
    expect((await chat(token.apiKey)).status).toBe(200);
    expect(await self()).toMatchObject({ success: true });

    expect(await root.manage(id, 'disable')).toEqual({
      success: true,
      message: '',
      data: { status: UserStatus.Disabled, role: Role.Common },
    });
    const refused = await chat(token.apiKey);
    expect(refused.status).toBe(403);
    expect(await self()).toEqual({ success: false, message: 'This user has been banned' });
    await expect(signIn(server, 'grace', FIXTURE_PASSWORD)).rejects.toThrow(/banned/);

    expect(await root.manage(id, 'enable')).toMatchObject({ data: { status: UserStatus.Enabled } });
    expect((await chat(token.apiKey)).status).toBe(200);
  });

  it('deregistering is irreversible: no sign-in, no relay, no further actions, still listed as deregistered', async () => {
    const { id } = await signInNewUser(server, 'heidi', Role.Common);
    const token = await addToken(server, id, { unlimited: true });
    expect(await root.manage(id, 'delete')).toMatchObject({ success: true });
    await expect(signIn(server, 'heidi', FIXTURE_PASSWORD)).rejects.toThrow();
    expect((await chat(token.apiKey)).status).toBe(401);
    for (const action of ['enable', 'delete', 'promote'] as const) {
      expect(await root.manage(id, action)).toEqual({
        success: false,
        message: 'This user has been deregistered and cannot be changed',
      });
    }
    expect(await root.update({ id, display_name: 'back' })).toMatchObject({ success: false });
    const listed = await root.search('keyword=heidi');
    expect(listed.data?.items).toEqual([expect.objectContaining({ id, DeletedAt: expect.any(Number) })]);
  });

  it('answers a missing user, and leaves named /user/ paths to their own routes', async () => {
    expect(await root.get(999_999)).toEqual({ success: false, message: 'User does not exist' });
    expect(await root.manage(999_999, 'disable')).toEqual({ success: false, message: 'User does not exist' });
    // Root reads its own record by id (issue 16: exempt from the same-or-higher rule, as in the reference).
    expect((await root.get(1)).data).toMatchObject({ id: 1, username: 'root' });
    const self = await server.call('/api/user/self', { headers: { ...(await signIn(server, 'root', '123456')) } });
    expect(await self.json()).toMatchObject({ success: true, data: { username: 'root' } });
  });
});
