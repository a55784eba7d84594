import type { ChannelView } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { fill, type Text } from '../../platform/text';
import { serverForTests } from '../../testing/test-server';
import { storedChannelKey } from '../../testing/stored-channel-key';
import { callerForTests, channelBody, createChannels, channelView } from '../../testing/channel-fixtures';
import { messages } from '../../platform/i18n/catalogue';

const server = serverForTests();
const root = callerForTests(server);

async function create(overrides: Record<string, unknown>): Promise<ChannelView> {
  const [id] = await createChannels(root, overrides);
  return channelView(root, id ?? 0);
}

/** Both languages answer the same refusal, each in its own words. */
async function expectRefusal(method: string, path: string, body: unknown, text: Text): Promise<void> {
  for (const language of ['en', 'zh'] as const) {
    const reply = await root(method, path, body, language);
    expect(reply.status).toBe(200);
    expect(reply.success).toBe(false);
    expect(reply.message).toBe(text[language]);
  }
}

describe('channel create validation (spec 001 §5)', () => {
  const cases: Array<[string, Record<string, unknown>, Text]> = [
    ['a missing name', { name: '' }, messages.channel.nameAndKeyRequired],
    ['a blank name', { name: '   ' }, messages.channel.nameAndKeyRequired],
    ['a missing key', { key: '' }, messages.channel.nameAndKeyRequired],
    ['batch mode with only blank key lines', { mode: 'batch', key: '\n \n' }, messages.channel.nameAndKeyRequired],
    ['no model', { models: '' }, messages.channel.modelsRequired],
    ['only separators as models', { models: ' , ,' }, messages.channel.modelsRequired],
    ['model mapping that is not JSON', { model_mapping: '{gpt-4: x}' }, messages.channel.modelMappingInvalid],
    ['model mapping that is a JSON array', { model_mapping: '["a"]' }, messages.channel.modelMappingInvalid],
    [
      'status-code mapping that is not JSON',
      { status_code_mapping: '400:500' },
      messages.channel.statusCodeMappingInvalid,
    ],
    [
      'extra settings that are not JSON',
      { setting: 'proxy=x' },
      fill(messages.channel.jsonFieldInvalid, { field: 'setting' }),
    ],
    ['a priority that is not a number', { priority: 'high' }, messages.channel.priorityNotInteger],
    ['a fractional priority', { priority: 1.5 }, messages.channel.priorityNotInteger],
    ['a priority below -999', { priority: -1000 }, messages.channel.priorityTooLow],
    ['a negative weight', { weight: -1 }, messages.channel.weightInvalid],
    ['a weight that is not a number', { weight: 'heavy' }, messages.channel.weightInvalid],
    ['an unknown type', { type: 999 }, fill(messages.channel.unknownType, { type: 999 })],
    [
      'a type without an adapter (Google PaLM2)',
      { type: 11 },
      fill(messages.channel.typeNotRelayable, { name: 'Google PaLM2' }),
    ],
    ['a video type nobody relays (Kling)', { type: 50 }, fill(messages.channel.typeNotRelayable, { name: 'Kling' })],
    [
      'a group name too long for abilities',
      { group: 'g'.repeat(65) },
      fill(messages.channel.groupNameTooLong, { value: 'g'.repeat(65) }),
    ],
  ];

  it.each(cases)('refuses %s', async (_name, overrides, text) => {
    await expectRefusal('POST', '/api/channel/', channelBody(overrides), text);
  });

  it('removes the trailing slash of the base URL and trims names, models and groups', async () => {
    const view = await create({
      name: ' tidy ',
      base_url: ' http://127.0.0.1:9/api// ',
      models: ' a , b,a ',
      group: ' vip , default ,vip',
    });
    expect(view).toMatchObject({
      name: 'tidy',
      base_url: 'http://127.0.0.1:9/api',
      models: 'a,b',
      group: 'vip,default',
    });
  });

  it('gives type 3 the default API version and type 18 the default model version when other is empty', async () => {
    expect((await create({ type: 3, other: '' })).other).toBe('2023-06-01-preview');
    expect((await create({ type: 18 })).other).toBe('v2.1');
    expect((await create({ type: 3, other: '2024-02-01' })).other).toBe('2024-02-01');
    expect((await create({ type: 1 })).other).toBe('');
  });

  it('parses priority and weight as integers and accepts the minimums', async () => {
    expect(await create({ priority: '-999', weight: '0' })).toMatchObject({ priority: -999, weight: 0 });
    expect(await create({ priority: 12, weight: ' 30 ' })).toMatchObject({ priority: 12, weight: 30 });
  });

  it('puts a channel without groups in the default group and defaults auto_ban and status', async () => {
    expect(await create({ group: '' })).toMatchObject({ group: 'default', auto_ban: 1, status: 1, tag: null });
  });
});

describe('channel update validation', () => {
  it('refuses an empty name, an empty model list, bad JSON and a missing channel', async () => {
    const { id } = await create({ name: 'editable' });
    await expectRefusal('PUT', '/api/channel/', { id, name: ' ' }, messages.channel.nameRequired);
    await expectRefusal('PUT', '/api/channel/', { id, models: '' }, messages.channel.modelsRequired);
    await expectRefusal('PUT', '/api/channel/', { id, model_mapping: 'nope' }, messages.channel.modelMappingInvalid);
    await expectRefusal('PUT', '/api/channel/', { id, priority: 'x' }, messages.channel.priorityNotInteger);
    await expectRefusal(
      'PUT',
      '/api/channel/',
      { id, type: 58 },
      fill(messages.channel.typeNotRelayable, { name: 'Advanced Custom' }),
    );
    expect((await root<ChannelView>('GET', `/api/channel/${id}`)).data?.type).toBe(1);
    await expectRefusal('PUT', '/api/channel/', { id: 987_654, status: 1 }, messages.channel.channelNotFound);
    await expectRefusal('GET', '/api/channel/987654', undefined, messages.channel.channelNotFound);
    await expectRefusal('DELETE', '/api/channel/987654/', undefined, messages.channel.channelNotFound);
  });

  it('keeps the stored key when the update sends an empty one, and replaces it when one is given', async () => {
    const { id } = await create({ name: 'keeper', key: 'sk-original' });
    const full = { ...channelBody({ name: 'keeper renamed', key: '' }), id };
    expect((await root<ChannelView>('PUT', '/api/channel/', full)).data?.name).toBe('keeper renamed');
    expect(await storedChannelKey(server, id)).toBe('sk-original');
    await root('PUT', '/api/channel/', { id, key: 'sk-replaced' });
    expect(await storedChannelKey(server, id)).toBe('sk-replaced');
  });

  it('changes only the fields sent', async () => {
    const { id } = await create({ name: 'partial', models: 'x,y', priority: 3, weight: 2 });
    const reply = await root<ChannelView>('PUT', '/api/channel/', { id, weight: 8 });
    expect(reply.data).toMatchObject({ name: 'partial', models: 'x,y', priority: 3, weight: 8 });
  });

  it('lets an imported channel of a type that cannot relay be disabled or reweighted, but not saved as that type', async () => {
    const { id } = await create({ name: 'imported' });
    await server.context.database.db.updateTable('channels').set({ type: 57 }).where('id', '=', id).execute();
    expect(await root<ChannelView>('PUT', '/api/channel/', { id, status: 2, priority: 4 })).toMatchObject({
      success: true,
      data: { type: 57, status: 2, priority: 4 },
    });
    await expectRefusal(
      'PUT',
      '/api/channel/',
      { ...channelBody({ name: 'imported' }), id, type: 57 },
      fill(messages.channel.typeNotRelayable, { name: 'Codex' }),
    );
  });

  it('fills the type default when a channel changes to type 3 with no other', async () => {
    const { id } = await create({ name: 'switcher', type: 1 });
    expect((await root<ChannelView>('PUT', '/api/channel/', { id, type: 3 })).data?.other).toBe('2023-06-01-preview');
  });
});

describe('selection and tag validation (spec 001 §5 Tag update)', () => {
  it('needs selected channels for batch delete and batch tag, and a tag for batch tag', async () => {
    await expectRefusal('POST', '/api/channel/batch', { ids: [] }, messages.channel.selectChannelsToDelete);
    await expectRefusal('POST', '/api/channel/batch', {}, messages.channel.selectChannelsToDelete);
    await expectRefusal('POST', '/api/channel/batch/tag', { ids: [], tag: 'x' }, messages.channel.selectChannelsToTag);
    const { id } = await create({ name: 'tagless' });
    await expectRefusal('POST', '/api/channel/batch/tag', { ids: [id], tag: ' ' }, messages.channel.tagEmpty);
  });

  it('answers a tag edit with nothing changed as a success that changes nothing, as the reference does', async () => {
    const { id } = await create({ name: 'unchanged', tag: 'lemon', models: 'gpt-4o', group: 'vip' });
    const before = (await root<ChannelView>('GET', `/api/channel/${id}`)).data;
    for (const body of [
      { tag: 'lemon' },
      { tag: 'lemon', new_tag: 'lemon', models: '', groups: '', model_mapping: '' },
    ]) {
      expect(await root('PUT', '/api/channel/tag', body)).toMatchObject({ success: true, data: 0 });
    }
    expect((await root<ChannelView>('GET', `/api/channel/${id}`)).data).toEqual(before);
  });

  it('refuses a tag edit with an empty tag, and non-integer priority or weight', async () => {
    await create({ name: 'tagged', tag: 'orange' });
    await expectRefusal('PUT', '/api/channel/tag', { tag: '', priority: 1 }, messages.channel.tagEmpty);
    await expectRefusal(
      'PUT',
      '/api/channel/tag',
      { tag: 'orange', priority: '1.5' },
      messages.channel.priorityNotInteger,
    );
    await expectRefusal('PUT', '/api/channel/tag', { tag: 'orange', weight: 'x' }, messages.channel.weightInvalid);
    await expectRefusal(
      'PUT',
      '/api/channel/tag',
      { tag: 'orange', model_mapping: '[' },
      messages.channel.modelMappingInvalid,
    );
    await expectRefusal('POST', '/api/channel/tag/enabled', { tag: '' }, messages.channel.tagEmpty);
  });

  it('needs a key to fetch models', async () => {
    await expectRefusal(
      'POST',
      '/api/channel/fetch_models',
      { type: 1, base_url: 'http://127.0.0.1:9', key: '' },
      messages.channel.keyRequired,
    );
  });
});
