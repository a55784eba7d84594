import type { ChannelView } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { toNumber } from '../../db/dialect';
import { describeOnEachDatabase } from '../../testing/test-server';
import { changeChannels } from './channel-writes';
import { abilitySnapshot, callerForTests, channelBody } from '../../testing/channel-fixtures';

await describeOnEachDatabase('channel abilities on %s', (server) => {
  const root = callerForTests(server);
  let notifications = 0;

  beforeAll(async () => {
    server.context.bus.onChannelsChanged(() => {
      notifications += 1;
    });
  });

  async function expectConsistent(): Promise<void> {
    const { expected, actual } = await abilitySnapshot(server);
    expect(actual).toEqual(expected);
  }

  async function abilitiesOfChannel(id: number) {
    const rows = await server.context.database.db
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', '=', id)
      .execute();
    return rows
      .map((row) => ({
        ...row,
        channel_id: toNumber(row.channel_id),
        priority: toNumber(row.priority),
        weight: toNumber(row.weight),
        enabled: toNumber(row.enabled),
      }))
      .sort((left, right) => `${left.group}/${left.model}`.localeCompare(`${right.group}/${right.model}`));
  }

  async function create(overrides: Record<string, unknown>): Promise<number[]> {
    const before = notifications;
    const reply = await root<{ ids: number[] }>('POST', '/api/channel/', channelBody(overrides));
    expect(reply.success, reply.message).toBe(true);
    expect(notifications).toBeGreaterThan(before);
    return reply.data?.ids ?? [];
  }

  async function expectCall(method: string, path: string, body?: unknown): Promise<unknown> {
    const before = notifications;
    const reply = await root(method, path, body);
    expect(reply.success, reply.message).toBe(true);
    expect(notifications).toBeGreaterThan(before);
    await expectConsistent();
    return reply.data;
  }

  it('writes one row per group × model with the channel priority, weight, tag and enabled flag', async () => {
    const [id = 0] = await create({
      name: 'alpha',
      models: 'm1, m2,m1',
      group: 'default,vip',
      priority: 5,
      weight: 7,
      tag: 'blue',
    });
    const rows = await abilitiesOfChannel(id);
    expect(rows.map((row) => `${row.group}/${row.model}`)).toEqual(['default/m1', 'default/m2', 'vip/m1', 'vip/m2']);
    expect(rows.every((row) => row.enabled === 1 && row.priority === 5 && row.weight === 7 && row.tag === 'blue')).toBe(
      true,
    );
    await expectConsistent();
  });

  it('rewrites the rows on a full update and on partial status, priority and weight updates', async () => {
    const [id = 0] = await create({ name: 'beta', models: 'm1', group: 'default' });
    await expectCall('PUT', '/api/channel/', {
      ...channelBody({ name: 'beta', models: 'm3,m4', group: 'svip', tag: 'red', key: '' }),
      id,
    });
    expect((await abilitiesOfChannel(id)).map((row) => `${row.group}/${row.model}/${row.tag}`)).toEqual([
      'svip/m3/red',
      'svip/m4/red',
    ]);

    await expectCall('PUT', '/api/channel/', { id, status: 2 });
    expect((await abilitiesOfChannel(id)).every((row) => row.enabled === 0)).toBe(true);
    await expectCall('PUT', '/api/channel/', { id, status: 1 });
    expect((await abilitiesOfChannel(id)).every((row) => row.enabled === 1)).toBe(true);
    await expectCall('PUT', '/api/channel/', { id, priority: -3 });
    await expectCall('PUT', '/api/channel/', { id, weight: '12' });
    expect((await abilitiesOfChannel(id)).every((row) => row.priority === -3 && row.weight === 12)).toBe(true);
  });

  it('keeps abilities in step through batch create, batch tag and every tag operation', async () => {
    const ids = await create({ name: 'gamma', mode: 'batch', key: 'k1\nk2\n\nk3', models: 'm5', group: 'default,vip' });
    expect(ids).toHaveLength(3);
    await expectConsistent();
    await expectCall('POST', '/api/channel/batch/tag', { ids, tag: 'green' });
    await expectCall('PUT', '/api/channel/tag', {
      tag: 'green',
      models: 'm6,m7',
      groups: 'vip',
      model_mapping: '{"m6":"m5"}',
    });
    await expectCall('PUT', '/api/channel/tag', { tag: 'green', priority: 9 });
    await expectCall('PUT', '/api/channel/tag', { tag: 'green', weight: 4 });
    await expectCall('POST', '/api/channel/tag/disabled', { tag: 'green' });
    for (const id of ids)
      expect(
        (await abilitiesOfChannel(id)).every((row) => row.enabled === 0 && row.priority === 9 && row.weight === 4),
      ).toBe(true);
    await expectCall('POST', '/api/channel/tag/enabled', { tag: 'green' });
    await expectCall('PUT', '/api/channel/tag', { tag: 'green', new_tag: 'teal' });
    for (const id of ids)
      expect(
        (await abilitiesOfChannel(id)).map((row) => `${row.group}/${row.model}/${row.tag}/${row.enabled}`),
      ).toEqual(['vip/m6/teal/1', 'vip/m7/teal/1']);
    await expectCall('PUT', '/api/channel/tag', { tag: 'teal', new_tag: '' });
    for (const id of ids) expect((await abilitiesOfChannel(id)).every((row) => row.tag === null)).toBe(true);
  });

  it('drops the rows of deleted channels: one, a selection, and every disabled one', async () => {
    const ids = await create({ name: 'delta', mode: 'batch', key: 'd1\nd2\nd3\nd4', models: 'm8' });
    const [first = 0, second = 0, third = 0, fourth = 0] = ids;
    await expectCall('DELETE', `/api/channel/${first}/`);
    expect(await abilitiesOfChannel(first)).toEqual([]);
    expect(await expectCall('POST', '/api/channel/batch', { ids: [second] })).toBe(1);
    await expectCall('PUT', '/api/channel/', { id: third, status: 2 });
    await expectCall('PUT', '/api/channel/', { id: fourth, status: 3 });
    expect(await expectCall('DELETE', '/api/channel/disabled')).toBe(2);
    for (const id of ids) expect(await abilitiesOfChannel(id)).toEqual([]);
  });

  it('gives a copied channel its own rows', async () => {
    const [id = 0] = await create({ name: 'epsilon', models: 'm9', group: 'default,vip' });
    const data = (await expectCall('POST', `/api/channel/copy/${id}`)) as { id: number };
    expect((await abilitiesOfChannel(data.id)).map((row) => `${row.group}/${row.model}`)).toEqual([
      'default/m9',
      'vip/m9',
    ]);
  });

  it('repairs broken abilities and answers how many channels it repaired', async () => {
    const [id = 0] = await create({ name: 'zeta', models: 'm10' });
    const { db } = server.context.database;
    await db.deleteFrom('abilities').where('channel_id', '=', id).execute();
    await db
      .insertInto('abilities')
      .values({ group: 'ghost', model: 'm0', channel_id: 999_999, enabled: 1, priority: 0, weight: 0, tag: null })
      .execute();
    expect(await expectCall('POST', '/api/channel/fix')).toBe(2);
    expect(await expectCall('POST', '/api/channel/fix')).toBe(0);
  });

  it('rolls back the channel and its abilities together when a change fails', async () => {
    const before = await root<ChannelView[]>('GET', '/api/channel/?p=0&page_size=100');
    await expect(
      changeChannels(server.context, async (writer) => {
        await writer.insert({
          ...channelBody({ name: 'doomed' }),
          created_time: 1,
          other_info: '{}',
          model_mapping: '',
          setting: '',
          param_override: '',
          header_override: '',
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const after = await root<ChannelView[]>('GET', '/api/channel/?p=0&page_size=100');
    expect(after.total).toBe(before.total);
    await expectConsistent();
  });
});
