import { Role, type ChannelView } from '@switchboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../testing/test-server';
import { storedChannelKey } from '../../testing/stored-channel-key';
import {
  addUser,
  callerFor,
  callerForTests,
  channelBody,
  type Caller,
  createChannels,
} from '../../testing/channel-fixtures';

await describeOnEachDatabase('channel calls on %s', (server) => {
  const root = callerForTests(server);
  let user: Caller;

  beforeAll(async () => {
    await addUser(server, 'plain', Role.Common);
    user = await callerFor(server, 'plain', 'password-1234');
  });

  const create = (overrides: Record<string, unknown>) => createChannels(root, overrides);

  const list = (path: string) => root<ChannelView[]>('GET', path);

  describe('access', () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/channel/?p=1'],
      ['GET', '/api/channel/search?keyword=a'],
      ['GET', '/api/channel/models'],
      ['GET', '/api/models'],
      ['GET', '/api/group/'],
      ['GET', '/api/channel/1'],
      ['POST', '/api/channel/', channelBody()],
      ['PUT', '/api/channel/', { id: 1, status: 2 }],
      ['DELETE', '/api/channel/1/'],
      ['DELETE', '/api/channel/disabled'],
      ['POST', '/api/channel/batch', { ids: [1] }],
      ['POST', '/api/channel/fix'],
      ['PUT', '/api/channel/tag', { tag: 'x', priority: 1 }],
      ['POST', '/api/channel/tag/enabled', { tag: 'x' }],
      ['GET', '/api/channel/fetch_models/1'],
      ['GET', '/api/channel/update_balance'],
    ];

    it.each(calls)('refuses a normal user: %s %s', async (method, path, body) => {
      const reply = await user(method, path, body);
      expect(reply).toMatchObject({ status: 200, success: false, message: 'No permission: insufficient role' });
    });

    it('answers 401 without a session', async () => {
      const response = await server.call('/api/channel/?p=1');
      expect(response.status).toBe(401);
    });
  });

  describe('create', () => {
    it('makes one channel per key line in batch mode, all with the same settings', async () => {
      const ids = await create({
        name: 'fleet',
        mode: 'batch',
        key: 'sk-a\nsk-b\n  \nsk-c\nsk-a',
        models: 'gpt-4o',
        group: 'vip',
      });
      expect(ids).toHaveLength(3);
      const found = await list('/api/channel/search?keyword=fleet');
      expect(found.data?.map((item) => [item.name, item.group, item.models])).toEqual(
        Array(3).fill(['fleet', 'vip', 'gpt-4o']),
      );
      const keys = await Promise.all(ids.map((id) => storedChannelKey(server, id)));
      expect(keys.sort()).toEqual(['sk-a', 'sk-b', 'sk-c']);
    });

    it('keeps a multi-line key whole in single mode', async () => {
      const [id] = await create({ name: 'multi', key: 'sk-1\nsk-2' });
      expect(await storedChannelKey(server, id)).toBe('sk-1\nsk-2');
    });
  });

  describe('list and search', () => {
    it('pages by p (counted from 0, as the reference) and page_size, sorting by priority unless id_sort is on', async () => {
      await server.context.database.db.deleteFrom('channels').execute();
      const low = await create({ name: 'low', priority: 1 });
      const high = await create({ name: 'high', priority: 9 });
      const middle = await create({ name: 'middle', priority: 5 });
      const first = await list('/api/channel/?p=0&page_size=2');
      expect(first).toMatchObject({ page: 0, page_size: 2, total: 3 });
      expect(first.data?.map((item) => item.name)).toEqual(['high', 'middle']);
      expect((await list('/api/channel/?p=1&page_size=2')).data?.map((item) => item.name)).toEqual(['low']);
      const byId = await list('/api/channel?p=0&page_size=10&id_sort=true');
      expect(byId.data?.map((item) => item.id)).toEqual([...middle, ...high, ...low]);
    });

    it('matches the keyword against id, name and key, and filters by group and model', async () => {
      await server.context.database.db.deleteFrom('channels').execute();
      const [alpha = 0] = await create({
        name: 'Alpha node',
        key: 'sk-findme',
        group: 'default,vip',
        models: 'gpt-4o,claude-x',
      });
      await create({ name: 'beta', key: 'sk-other', group: 'default', models: 'gpt-4o-mini' });
      const names = async (query: string) =>
        (await list(`/api/channel/search?${query}`)).data?.map((item) => item.name);
      expect(await names('keyword=ALPHA')).toEqual(['Alpha node']);
      expect(await names('keyword=findme')).toEqual(['Alpha node']);
      expect(await names(`keyword=${alpha}`)).toEqual(['Alpha node']);
      expect(await names('group=vip')).toEqual(['Alpha node']);
      expect(await names('group=vi')).toEqual([]);
      expect(await names('model=claude')).toEqual(['Alpha node']);
      expect((await names('model=gpt-4o'))?.sort()).toEqual(['Alpha node', 'beta']);
      expect(await names('keyword=%25')).toEqual([]);
      expect(await list('/api/channel/search?keyword=&page_size=1&p=1')).toMatchObject({
        total: 2,
        page: 1,
        page_size: 1,
      });
    });

    it('pages tags as single entries in tag mode, listing tags only (as the reference)', async () => {
      await server.context.database.db.deleteFrom('channels').execute();
      await create({ name: 'loose', priority: 9 });
      await create({ name: 't1', tag: 'red', priority: 3 });
      await create({ name: 'b1', tag: 'blue', priority: 2 });
      await create({ name: 't2', tag: 'red', priority: 1 });
      const page = await list('/api/channel/?p=0&page_size=1&tag_mode=true');
      expect(page.total).toBe(2);
      expect(page.data?.map((item) => item.name)).toEqual(['t1', 't2']);
      expect((await list('/api/channel/?p=1&page_size=1&tag_mode=true')).data?.map((item) => item.name)).toEqual([
        'b1',
      ]);
      expect((await list('/api/channel/?p=2&page_size=1&tag_mode=true')).data).toEqual([]);
      expect((await list('/api/channel/search?keyword=&tag_mode=true')).data?.map((item) => item.name)).toEqual([
        't1',
        't2',
        'b1',
      ]);
    });
  });

  describe('deletes', () => {
    it('deletes every disabled channel and answers the count', async () => {
      await server.context.database.db.deleteFrom('channels').execute();
      const [kept = 0, manual = 0, automatic = 0] = [
        ...(await create({ name: 'on' })),
        ...(await create({ name: 'off' })),
        ...(await create({ name: 'auto' })),
      ];
      await root('PUT', '/api/channel/', { id: manual, status: 2 });
      await root('PUT', '/api/channel/', { id: automatic, status: 3 });
      expect((await root('DELETE', '/api/channel/disabled')).data).toBe(2);
      expect((await list('/api/channel/?p=0')).data?.map((item) => item.id)).toEqual([kept]);
      expect((await root('DELETE', '/api/channel/disabled')).data).toBe(0);
    });

    it('deletes the selected channels and answers how many existed', async () => {
      const ids = [...(await create({ name: 'x1' })), ...(await create({ name: 'x2' }))];
      expect((await root('POST', '/api/channel/batch', { ids: [...ids, 777_777] })).data).toBe(2);
    });
  });

  describe('model catalogues', () => {
    it('answers GET /api/group/ with the group names that have a ratio', async () => {
      expect((await root<string[]>('GET', '/api/group/')).data).toEqual(['default', 'vip', 'svip']);
      await server.context.options.save('GroupRatio', '{"default":1,"team":0.5}');
      expect((await root<string[]>('GET', '/api/group')).data).toEqual(['default', 'team']);
    });

    it('answers GET /api/models as type → default models, with drawing and music models for 2, 5 and 36', async () => {
      const reply = await root<Record<string, string[]>>('GET', '/api/models');
      expect(reply.data?.['1']).toContain('gpt-4o');
      for (const type of ['2', '5'])
        expect(reply.data?.[type]?.every((model) => model.startsWith('mj_') || model === 'swap_face')).toBe(true);
      expect(reply.data?.['36']).toEqual(['suno_music', 'suno_lyrics']);
    });

    it('lists every known model as {id}, including those only configured on channels', async () => {
      await create({ name: 'custom models', models: 'my-own-model' });
      const reply = await root<Array<{ id: string }>>('GET', '/api/channel/models');
      const ids = reply.data?.map((entry) => entry.id) ?? [];
      expect(ids).toContain('my-own-model');
      expect(ids).toContain('mj_imagine');
      expect(ids).toEqual([...ids].sort());
    });
  });
});
