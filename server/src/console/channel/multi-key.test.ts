import type { ChannelView, MultiKeyStatusPage } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../testing/test-server';
import { callerForTests, channelBody } from '../../testing/channel-fixtures';

await describeOnEachDatabase('multi-key console calls on %s', (server) => {
  const root = callerForTests(server);

  async function createMulti(keys: string[], mode: 'random' | 'polling' = 'polling'): Promise<number> {
    const reply = await root<{ ids: number[] }>('POST', '/api/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: mode,
      channel: channelBody({ name: 'many', key: keys.join('\n') }),
    });
    expect(reply.success, reply.message).toBe(true);
    return reply.data!.ids[0]!;
  }

  const stored = (id: number) =>
    server.context.database.db
      .selectFrom('channels')
      .select(['key', 'status', 'channel_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const manage = <T = unknown>(body: Record<string, unknown>, language: 'zh' | 'en' = 'en') =>
    root<T>('POST', '/api/channel/multi_key/manage', body, language);

  const statusOf = async (id: number, extra: Record<string, unknown> = {}) =>
    (await manage<MultiKeyStatusPage>({ channel_id: id, action: 'get_key_status', ...extra })).data!;

  describe('creating multi-key channels', () => {
    it('multi_to_single in the reference body makes one channel holding the trimmed keys, in the mode asked', async () => {
      const id = await createMulti([' k-one ', '', 'k-two', 'k-three']);
      const row = await stored(id);
      expect(row.key).toBe('k-one\nk-two\nk-three');
      const view = (await root<ChannelView>('GET', `/api/channel/${id}`)).data!;
      expect(view.channel_info).toMatchObject({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'polling' });
      expect(JSON.stringify(view)).not.toContain('k-two');
    });

    it('batch in the reference body makes one channel per key, named with the key prefix when asked', async () => {
      const reply = await root<{ ids: number[] }>('POST', '/api/channel/', {
        mode: 'batch',
        batch_add_set_key_prefix_2_name: true,
        channel: channelBody({ name: 'each', key: 'sk-aaaaaaaa11\nsk-bbbbbbbb22' }),
      });
      expect(reply.data?.ids).toHaveLength(2);
      const names = await server.context.database.db
        .selectFrom('channels')
        .select('name')
        .where('id', 'in', reply.data!.ids)
        .orderBy('id')
        .execute();
      expect(names.map((row) => row.name)).toEqual(['each sk-aaaaa', 'each sk-bbbbb']);
    });

    it('an unknown mode is refused in both languages and creates nothing', async () => {
      const before = await server.context.database.db
        .selectFrom('channels')
        .select((select) => select.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      const en = await root('POST', '/api/channel/', { mode: 'sideways', channel: channelBody() });
      const zh = await root('POST', '/api/channel/', { mode: 'sideways', channel: channelBody() }, 'zh');
      expect(en.success).toBe(false);
      expect(en.message).toMatch(/Unsupported add mode/);
      expect(zh.message).toMatch(/不支持的添加模式/);
      const after = await server.context.database.db
        .selectFrom('channels')
        .select((select) => select.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
    });
  });

  describe('editing multi-key channels', () => {
    it('append adds new keys after the old, skipping repeats; replace swaps the list and drops statuses past its end', async () => {
      const id = await createMulti(['a1', 'a2', 'a3']);
      await manage({ channel_id: id, action: 'disable_key', key_index: 2 });
      const append = await root('PUT', '/api/channel/', { id, key: 'a2\nb1\n\nb2', key_mode: 'append' });
      expect(append.success, append.message).toBe(true);
      expect((await stored(id)).key).toBe('a1\na2\na3\nb1\nb2');
      expect((await statusOf(id)).manual_disabled_count).toBe(1);
      await root('PUT', '/api/channel/', { id, key: 'c1\nc2', multi_key_mode: 'random' });
      const row = await stored(id);
      expect(row.key).toBe('c1\nc2');
      const info = JSON.parse(row.channel_info!) as Record<string, unknown>;
      expect(info).toMatchObject({ multi_key_size: 2, multi_key_mode: 'random' });
      expect(info.multi_key_status_list).toBeUndefined();
      // an empty key keeps the stored keys
      await root('PUT', '/api/channel/', { id, key: '', name: 'renamed' });
      expect((await stored(id)).key).toBe('c1\nc2');
    });
  });

  describe('POST /api/channel/multi_key/manage', () => {
    it('get_key_status answers the reference shape, filtered and paged, with counts over every key', async () => {
      const id = await createMulti(['sk-0123456789abcdef', 'sk-second-key-xyz', 'sk-third-key-000']);
      await manage({ channel_id: id, action: 'disable_key', key_index: 1 });
      const all = await statusOf(id, { page_size: 2 });
      expect(all).toEqual({
        keys: [
          { index: 0, status: 1, key_preview: 'sk-0123456...' },
          { index: 1, status: 2, key_preview: 'sk-second-...' },
        ],
        total: 3,
        page: 1,
        page_size: 2,
        total_pages: 2,
        enabled_count: 2,
        manual_disabled_count: 1,
        auto_disabled_count: 0,
      });
      const clamped = await statusOf(id, { page: 9, page_size: 2 });
      expect(clamped.page).toBe(2);
      expect(clamped.keys.map((key) => key.index)).toEqual([2]);
      const disabledOnly = await statusOf(id, { status: 2 });
      expect(disabledOnly.keys.map((key) => key.index)).toEqual([1]);
      expect(disabledOnly.enabled_count).toBe(2);
    });

    it('disables, enables, deletes and re-indexes keys; a channel whose keys were all refused comes back with one', async () => {
      const id = await createMulti(['k0', 'k1', 'k2', 'k3']);
      // as the relay leaves it after keys 1 and 3 were refused
      const refused = { '1': 3, '3': 3 };
      await server.context.database.db
        .updateTable('channels')
        .set({
          channel_info: JSON.stringify({
            is_multi_key: true,
            multi_key_size: 4,
            multi_key_mode: 'polling',
            multi_key_polling_index: 0,
            multi_key_status_list: refused,
            multi_key_disabled_reason: { '1': 'upstream HTTP 401', '3': 'upstream HTTP 401' },
            multi_key_disabled_time: { '1': 100, '3': 200 },
          }),
        })
        .where('id', '=', id)
        .execute();
      const page = await statusOf(id);
      expect(page.keys[3]).toEqual({
        index: 3,
        status: 3,
        disabled_time: 200,
        reason: 'upstream HTTP 401',
        key_preview: 'k3...',
      });

      const deleted = await manage<number>({ channel_id: id, action: 'delete_disabled_keys' });
      expect(deleted.data).toBe(2);
      expect((await stored(id)).key).toBe('k0\nk2');
      const none = await manage({ channel_id: id, action: 'delete_disabled_keys' });
      expect(none.success).toBe(false);

      await manage({ channel_id: id, action: 'delete_key', key_index: 0 });
      expect((await stored(id)).key).toBe('k2');
      const last = await manage({ channel_id: id, action: 'delete_key', key_index: 0 }, 'zh');
      expect(last.success).toBe(false);
      expect(last.message).toMatch(/最后一个密钥/);

      const outOfRange = await manage({ channel_id: id, action: 'disable_key', key_index: 5 });
      expect(outOfRange.success).toBe(false);

      // every key disabled by hand: the channel stops; enabling all brings a channel the relay disabled back
      await manage({ channel_id: id, action: 'disable_all_keys' });
      expect((await stored(id)).status).toBe(2);
      expect((await manage({ channel_id: id, action: 'disable_all_keys' })).message).toMatch(/No keys to disable/);
      await server.context.database.db.updateTable('channels').set({ status: 3 }).where('id', '=', id).execute();
      await manage({ channel_id: id, action: 'enable_all_keys' });
      const back = await stored(id);
      expect(back.status).toBe(1);
      expect(JSON.parse(back.channel_info!)).not.toHaveProperty('multi_key_status_list');
    });

    it('refuses one-key channels and unknown actions', async () => {
      const single = (await root<{ ids: number[] }>('POST', '/api/channel/', channelBody({ name: 'lonely' }))).data!
        .ids[0]!;
      const refused = await manage({ channel_id: single, action: 'get_key_status' });
      expect(refused.success).toBe(false);
      expect(refused.message).toMatch(/not a multi-key channel/);
      const id = await createMulti(['x1', 'x2']);
      const unknown = await manage({ channel_id: id, action: 'shuffle' });
      expect(unknown).toMatchObject({ success: false, message: 'Unsupported operation' });
    });
  });
});
