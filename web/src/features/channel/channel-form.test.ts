import { channelTypes } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import {
  addCustomModels,
  channelProblemText,
  channelRequestOf,
  checkChannelForm,
  emptyChannelForm,
  type ChannelFormValues,
} from './channel-form';
import { tableRecordsOf, selectedChannelIds } from './channel-table-records';
import { tagEditRequestOf, tagEditValuesOf } from './tag-edit-form';

const form = (values: Partial<ChannelFormValues>): ChannelFormValues => ({
  ...emptyChannelForm(),
  name: 'n',
  key: 'k',
  models: ['m'],
  ...values,
});

describe('editor validation (spec 001 §5)', () => {
  it('passes a complete form', () => {
    expect(checkChannelForm(form({}), true)).toBeNull();
    expect(checkChannelForm(form({ key: '', priority: -999, weight: 0 }), false)).toBeNull();
  });

  it.each<[Partial<ChannelFormValues>, boolean, string]>([
    [{ name: '' }, true, 'Please fill in the channel name and key'],
    [{ key: ' ' }, true, 'Please fill in the channel name and key'],
    [{ name: '' }, false, 'The channel name cannot be empty'],
    [{ models: [] }, true, 'Please select at least one model'],
    [{ modelMapping: '{"a":' }, true, 'Model mapping must be valid JSON'],
    [{ modelMapping: '[1]' }, true, 'Model mapping must be valid JSON'],
    [{ statusCodeMapping: '400=500' }, true, 'Status code mapping must be valid JSON'],
    [{ setting: 'x' }, true, 'Extra settings must be valid JSON'],
    [{ priority: -1000 }, true, 'Priority must be an integer of at least -999'],
    [{ priority: 1.5 }, true, 'Priority must be an integer of at least -999'],
    [{ weight: -1 }, true, 'Weight must be a non-negative integer'],
  ])('refuses %j (creating: %s)', async (values, creating, message) => {
    await changeLanguage('en');
    const problem = checkChannelForm(form(values), creating);
    expect(problem).not.toBeNull();
    if (problem) expect(channelProblemText(i18n.t, problem)).toBe(message);
  });

  it('says the same in Chinese', async () => {
    await changeLanguage('zh');
    const problem = checkChannelForm(form({ models: [] }), true);
    expect(problem && channelProblemText(i18n.t, problem)).toBe('请至少选择一个模型');
  });

  it('sends models and groups as comma strings without the trailing slash of the base URL', () => {
    const request = channelRequestOf(
      form({ baseUrl: ' https://api.example.com/// ', groups: ['default', 'vip'], models: ['a', 'b'], autoBan: false }),
    );
    expect(request).toMatchObject({
      base_url: 'https://api.example.com',
      group: 'default,vip',
      models: 'a,b',
      auto_ban: 0,
      priority: 0,
      weight: 0,
    });
  });

  it('adds custom models and reports those that already exist', () => {
    expect(addCustomModels(['a', 'b'], 'b, c,,d, c')).toEqual({ models: ['a', 'b', 'c', 'd'], duplicates: ['b'] });
    expect(addCustomModels([], 'x')).toEqual({ models: ['x'], duplicates: [] });
  });
});

describe('tag edit dialog', () => {
  it('sends only the filled fields, and an empty new tag to dissolve', () => {
    expect(tagEditRequestOf('team', { ...tagEditValuesOf('team'), models: ['a', 'b'] })).toEqual({
      tag: 'team',
      models: 'a,b',
    });
    expect(tagEditRequestOf('team', { ...tagEditValuesOf('team'), newTag: '' })).toEqual({ tag: 'team', new_tag: '' });
    expect(
      tagEditRequestOf('team', {
        ...tagEditValuesOf('team'),
        newTag: 'crew',
        groups: ['vip'],
        modelMapping: '{"a":"b"}',
      }),
    ).toEqual({
      tag: 'team',
      new_tag: 'crew',
      groups: 'vip',
      model_mapping: '{"a":"b"}',
    });
  });

  it('says "no changes" when nothing is filled and refuses bad JSON', () => {
    expect(tagEditRequestOf('team', tagEditValuesOf('team'))).toBe('noChanges');
    expect(tagEditRequestOf('team', { ...tagEditValuesOf('team'), modelMapping: 'nope' })).toBe('modelMappingInvalid');
  });
});

describe('tag mode rows', () => {
  const item = (id: number, tag: string | null, status = 1) =>
    ({ id, tag, status, group: 'default', used_quota: 10, priority: 3, weight: 2 }) as never;

  it('groups members under one tag row where the tag first appears, leaving untagged channels as rows', () => {
    const records = tableRecordsOf([item(1, 'red'), item(2, null), item(3, 'red', 2), item(4, 'blue')], true);
    expect(records.map((record) => record.key)).toEqual(['tag-red', 'channel-2', 'tag-blue']);
    expect(records[0]).toMatchObject({ tag: 'red', enabledCount: 1, usedQuota: 20, priority: 3, weight: 2 });
    expect(selectedChannelIds(['tag-red', 'channel-1', 'channel-3'])).toEqual([1, 3]);
    expect(tableRecordsOf([item(1, 'red')], false).map((record) => record.key)).toEqual(['channel-1']);
  });
});

describe('type names', () => {
  it('exist in both languages for every type of the catalogue', async () => {
    for (const language of ['zh', 'en'] as const) {
      await changeLanguage(language);
      for (const type of channelTypes)
        expect(i18n.exists(`channel:types.${type.id}`), `${language} type ${type.id}`).toBe(true);
    }
  });
});
