import { Role } from '@switchboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addChannel, addUser } from '../testing/relay-fixtures';
import { referenceConsoleClient, type ReferenceConsoleClient } from '../testing/reference-console-client';
import { signIn, describeOnEachDatabase } from '../testing/test-server';

/** Issue 16: a script written for the reference product's console API runs unchanged. */
await describeOnEachDatabase('the reference console against Switchboard on %s', (server, kind) => {
  let root: ReferenceConsoleClient;
  let rootId: number;
  let anonymous: ReferenceConsoleClient;

  beforeAll(async () => {
    const headers = await signIn(server, 'root', '123456');
    rootId = Number(headers['New-Api-User']);
    root = referenceConsoleClient(server, headers);
    anonymous = referenceConsoleClient(server);
  });

  async function member(username: string): Promise<ReferenceConsoleClient> {
    await addUser(server, username, { role: Role.Common, quota: 1_000_000 });
    return referenceConsoleClient(server, await signIn(server, username, 'password123'));
  }

  describe('list shapes (spec 001 §7)', () => {
    it('answers channels and tokens with data as a plain list, paging beside it', async () => {
      await addChannel(server, { name: 'listed', baseUrl: 'http://127.0.0.1:9', models: ['gpt-4o'] });
      const user = await member('lister');
      expect(
        (await user('POST', '/api/token/', { name: 'first', remain_quota: 500000, expired_time: -1 })).success,
      ).toBe(true);
      for (const path of ['/api/channel/?p=0&page_size=10', '/api/channel/search?keyword=listed']) {
        const reply = await root<Array<{ name: string }>>('GET', path);
        expect(Array.isArray(reply.data), path).toBe(true);
        expect(reply.data?.map((channel) => channel.name)).toContain('listed');
        expect(reply).toMatchObject({ success: true, page: 0, total: expect.any(Number) });
      }
      for (const path of ['/api/token/?p=0&size=10', '/api/token/search?keyword=fir&token=']) {
        const reply = await user<Array<{ name: string; key: string }>>('GET', path);
        expect(
          reply.data?.map((token) => token.name),
          path,
        ).toEqual(['first']);
        expect(reply).toMatchObject({ page: 0, total: 1 });
      }
      // Without a size the search answers every match on one list, as the reference's does.
      expect((await user('POST', '/api/token/', { name: 'more', quantity: 11 })).success).toBe(true);
      expect((await user<unknown[]>('GET', '/api/token/search?keyword=more')).data).toHaveLength(11);
      expect((await user<unknown[]>('GET', '/api/token/search?keyword=more&size=5')).data).toHaveLength(5);
    });

    it('keeps {items, page, total} for users, redemptions and logs (+ page_size for logs)', async () => {
      expect((await root('GET', '/api/user/?p=1')).data).toMatchObject({
        items: expect.any(Array),
        page: 1,
        total: expect.any(Number),
      });
      expect((await root('GET', '/api/redemption/?p=1&page_size=10')).data).toMatchObject({
        items: [],
        page: 1,
        total: 0,
      });
      expect((await root('GET', '/api/log/?p=1&page_size=10')).data).toMatchObject({
        items: expect.any(Array),
        page: 1,
        page_size: 10,
      });
    });
  });

  describe('null is empty', () => {
    it('registers without an invite link when aff_code, email and verification_code are null', async () => {
      const body = {
        username: 'nulled',
        password: 'password123',
        password2: 'password123',
        email: null,
        verification_code: null,
        aff_code: null,
      };
      expect(await anonymous('POST', '/api/user/register', body)).toMatchObject({ status: 200, success: true });
      expect(
        (await anonymous('POST', '/api/user/login', { username: 'nulled', password: 'password123' })).success,
      ).toBe(true);
    });

    it('reads optional channel and token fields sent as null as not given', async () => {
      const channel = {
        type: 1,
        name: 'from-script',
        key: 'sk-x',
        base_url: null,
        other: null,
        models: 'gpt-4o',
        group: 'default',
        model_mapping: null,
        tag: null,
        priority: null,
        weight: null,
        auto_ban: null,
        setting: null,
      };
      expect(await root('POST', '/api/channel/', channel)).toMatchObject({ success: true });
      const user = await member('null-tokens');
      const token = {
        name: 'nullish',
        remain_quota: null,
        expired_time: null,
        unlimited_quota: null,
        model_limits_enabled: null,
        model_limits: null,
        allow_ips: null,
        group: null,
      };
      const created = await user<
        Array<{ id: number; remain_quota: number; expired_time: number; allow_ips: string; group: string }>
      >('POST', '/api/token/', token);
      expect(created.success, created.message).toBe(true);
      expect(created.data?.[0]).toMatchObject({ remain_quota: 500000, expired_time: -1, allow_ips: '', group: '' });
      const id = created.data?.[0]?.id ?? 0;
      expect(await user('PUT', '/api/token/', { id, name: 'renamed', remain_quota: null, group: null })).toMatchObject({
        success: true,
        data: { name: 'renamed', remain_quota: 500000 },
      });
    });

    it('answers a required field sent as null with the usual clear message, changing nothing', async () => {
      const user = await member('null-required');
      const reply = await user('PUT', '/api/token/', { id: null, name: 'x' });
      expect(reply).toMatchObject({ status: 200, success: false, message: 'Invalid parameter: id is required' });
      expect(await anonymous('POST', '/api/user/register', { username: null, password: 'password123' })).toMatchObject({
        success: false,
      });
      // An option sent without a value is "" (as the reference stores it), then checked like any value.
      expect(await root('PUT', '/api/option/', { key: 'SelfUseModeEnabled', value: null })).toMatchObject({
        success: false,
        message: 'SelfUseModeEnabled must be true or false',
      });
      expect(server.context.options.boolean('SelfUseModeEnabled')).toBe(false);
    });
  });

  describe('bodiless calls with a JSON content type', () => {
    it('serves GET, DELETE /api/channel/disabled, DELETE /api/log/?target_timestamp= and DELETE /api/user/self', async () => {
      expect(await root('GET', '/api/user/self')).toMatchObject({
        status: 200,
        success: true,
        data: { username: 'root' },
      });
      const off = await addChannel(server, { name: 'off', baseUrl: 'http://127.0.0.1:9', models: ['gpt-4o'] });
      expect((await root('PUT', '/api/channel/', { id: off, status: 2 })).success).toBe(true);
      expect(await root('DELETE', '/api/channel/disabled')).toMatchObject({ status: 200, success: true, data: 1 });
      const cleared = await root('DELETE', `/api/log/?target_timestamp=${Math.floor(Date.now() / 1000) - 86_400}`);
      expect(cleared).toMatchObject({ status: 200, success: true, data: expect.any(Number) });
      const leaving = await member('leaving');
      expect(await leaving('DELETE', '/api/user/self')).toMatchObject({ status: 200, success: true });
      expect(
        (await anonymous('POST', '/api/user/login', { username: 'leaving', password: 'password123' })).success,
      ).toBe(false);
    });

    it('refuses a body that is not JSON with a clear message', async () => {
      const response = await server.call('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: '{"username":',
      });
      expect(await response.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Invalid parameter: /),
      });
    });
  });

  describe('root and its own record', () => {
    it('reads and edits itself by id; an administrator still cannot read another administrator', async () => {
      expect(await root('GET', `/api/user/${rootId}`)).toMatchObject({
        success: true,
        data: { id: rootId, username: 'root', role: Role.Root },
      });
      expect(
        await root('PUT', '/api/user/', {
          id: rootId,
          username: 'root',
          display_name: 'The Root',
          group: 'default',
          password: null,
        }),
      ).toMatchObject({ success: true });
      expect((await root<{ display_name: string }>('GET', `/api/user/${rootId}`)).data?.display_name).toBe('The Root');
      await addUser(server, 'admin-one', { role: Role.Admin });
      const other = await addUser(server, 'admin-two', { role: Role.Admin });
      const admin = referenceConsoleClient(server, await signIn(server, 'admin-one', 'password123'));
      expect(await admin('GET', `/api/user/${other}`)).toMatchObject({
        success: false,
        message: 'No permission to act on a user of the same or a higher role',
      });
      expect(await admin('GET', `/api/user/${rootId}`)).toMatchObject({ success: false });
    });
  });

  describe('status and first run', () => {
    it('answers the status fields the reference console reads, and GET /api/setup as done', async () => {
      const status = await anonymous<Record<string, unknown>>('GET', '/api/status');
      expect(status.data).toMatchObject({
        setup: true,
        docs_link: '',
        self_use_mode_enabled: false,
        chats: expect.any(Array),
        system_name: 'Switchboard',
      });
      expect(await anonymous('GET', '/api/setup')).toMatchObject({
        success: true,
        data: { status: true, root_init: true, database_type: kind },
      });
      expect(
        await anonymous('POST', '/api/setup', { username: 'x', password: 'y', confirmPassword: 'y' }),
      ).toMatchObject({ success: false, message: 'The system is already set up' });
    });

    it('ships chat links whose only placeholders are {key} and {address}', async () => {
      const chats = (await anonymous<{ chats: Array<Record<string, string>> }>('GET', '/api/status')).data?.chats ?? [];
      expect(chats.length).toBeGreaterThan(0);
      for (const link of chats.flatMap((chat) => Object.values(chat))) {
        const placeholders = link.match(/\{[A-Za-z]+\}/g) ?? [];
        expect(placeholders.length, link).toBeGreaterThan(0);
        expect(
          placeholders.every((placeholder) => placeholder === '{key}' || placeholder === '{address}'),
          link,
        ).toBe(true);
      }
    });
  });

  describe('PUT /api/channel/tag with nothing changed', () => {
    it('answers success and changes nothing', async () => {
      await addChannel(server, { name: 'tag-member', baseUrl: 'http://127.0.0.1:9', models: ['gpt-4o'] });
      await server.context.database.db
        .updateTable('channels')
        .set({ tag: 'quiet' })
        .where('name', '=', 'tag-member')
        .execute();
      const body = {
        tag: 'quiet',
        new_tag: null,
        models: null,
        groups: null,
        model_mapping: null,
        priority: null,
        weight: null,
      };
      expect(await root('PUT', '/api/channel/tag', body)).toMatchObject({ success: true });
      const row = await server.context.database.db
        .selectFrom('channels')
        .select(['tag', 'models'])
        .where('name', '=', 'tag-member')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ tag: 'quiet', models: 'gpt-4o' });
    });
  });
});
