import type { ChannelView } from '@switchboard/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/test-server';
import { callerForTests, channelBody } from '../../testing/channel-fixtures';

const server = serverForTests();
const root = callerForTests(server);
let ids: number[] = [];
let untagged = 0;

beforeEach(async () => {
  await server.context.database.db.deleteFrom('channels').execute();
  await server.context.database.db.deleteFrom('abilities').execute();
  const first = await root<{ ids: number[] }>(
    'POST',
    '/api/channel/',
    channelBody({
      name: 'one',
      tag: 'team',
      models: 'a',
      group: 'default',
      model_mapping: '{"a":"b"}',
      priority: 1,
      weight: 1,
    }),
  );
  const second = await root<{ ids: number[] }>(
    'POST',
    '/api/channel/',
    channelBody({ name: 'two', tag: 'team', models: 'c', group: 'vip', priority: 2, weight: 2 }),
  );
  const other = await root<{ ids: number[] }>('POST', '/api/channel/', channelBody({ name: 'three', models: 'z' }));
  ids = [...(first.data?.ids ?? []), ...(second.data?.ids ?? [])];
  untagged = other.data?.ids[0] ?? 0;
});

async function channel(id: number): Promise<ChannelView> {
  return (await root<ChannelView>('GET', `/api/channel/${id}`)).data as ChannelView;
}

async function members(): Promise<ChannelView[]> {
  return Promise.all(ids.map(channel));
}

describe('tag edit (spec 001 Tag edit dialog)', () => {
  it('overwrites every filled field on all members and leaves empty fields unchanged', async () => {
    const reply = await root('PUT', '/api/channel/tag', {
      tag: 'team',
      new_tag: 'team',
      models: 'x,y',
      groups: '',
      model_mapping: '',
    });
    expect(reply.success, reply.message).toBe(true);
    expect(reply.data).toBe(2);
    const [one, two] = await members();
    expect(one).toMatchObject({
      models: 'x,y',
      group: 'default',
      model_mapping: '{"a":"b"}',
      tag: 'team',
      priority: 1,
    });
    expect(two).toMatchObject({ models: 'x,y', group: 'vip', model_mapping: '', tag: 'team', priority: 2 });
    expect((await channel(untagged)).models).toBe('z');
  });

  it('overwrites groups and model redirect on all members', async () => {
    await root('PUT', '/api/channel/tag', { tag: 'team', groups: 'svip,default', model_mapping: '{"x":"y"}' });
    for (const member of await members())
      expect(member).toMatchObject({ group: 'svip,default', model_mapping: '{"x":"y"}' });
  });

  it('renames the tag', async () => {
    await root('PUT', '/api/channel/tag', { tag: 'team', new_tag: 'crew' });
    for (const member of await members()) expect(member.tag).toBe('crew');
  });

  it('dissolves the tag when the new tag is empty', async () => {
    await root('PUT', '/api/channel/tag', { tag: 'team', new_tag: '' });
    for (const member of await members()) expect(member.tag).toBeNull();
    const reply = await root('POST', '/api/channel/tag/enabled', { tag: 'team' });
    expect(reply).toMatchObject({ success: false, message: 'No channel has the tag: team' });
  });

  it('sets the tag priority and weight, taking a weight below 0 as 0', async () => {
    await root('PUT', '/api/channel/tag', { tag: 'team', priority: '-5' });
    for (const member of await members()) expect(member.priority).toBe(-5);
    await root('PUT', '/api/channel/tag', { tag: 'team', weight: -3 });
    for (const member of await members()) expect(member.weight).toBe(0);
    await root('PUT', '/api/channel/tag', { tag: 'team', weight: 6 });
    for (const member of await members()) expect(member.weight).toBe(6);
  });
});

describe('tag enable and disable', () => {
  it('disables and enables every member and nothing else', async () => {
    expect((await root('POST', '/api/channel/tag/disabled', { tag: 'team' })).data).toBe(2);
    for (const member of await members()) expect(member.status).toBe(2);
    expect((await channel(untagged)).status).toBe(1);
    await root('POST', '/api/channel/tag/enabled', { tag: 'team' });
    for (const member of await members()) expect(member.status).toBe(1);
  });
});

describe('batch set tag and tag mode', () => {
  it('tags the selected channels, which the tag mode then lists under one entry', async () => {
    const reply = await root('POST', '/api/channel/batch/tag', { ids: [untagged, 424_242], tag: 'team' });
    expect(reply.data).toBe(1);
    expect((await channel(untagged)).tag).toBe('team');
    const page = await root<ChannelView[]>('GET', '/api/channel/?p=0&page_size=10&tag_mode=true');
    expect(page.total).toBe(1);
    expect(page.data?.map((item) => item.tag)).toEqual(['team', 'team', 'team']);
  });
});
