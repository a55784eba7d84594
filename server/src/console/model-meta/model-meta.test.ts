import type { ModelMetaView, PageData, PrefillGroupView, VendorView } from '@switchboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { addUser, callerFor, callerForTests } from '../../testing/channel-fixtures';

// Every query of these areas (text search, the abilities join, unique names) on each database.
await describeOnEachDatabase('model metadata on %s', (server) => {
  const root = callerForTests(server);

  beforeAll(async () => {
    await addChannel(server, {
      name: 'openai-main',
      baseUrl: 'http://127.0.0.1:9',
      models: ['gpt-4o', 'gpt-4o-mini', 'claude-3-haiku'],
      groups: ['default', 'vip'],
    });
    await addChannel(server, {
      name: 'backup',
      type: 14,
      baseUrl: 'http://127.0.0.1:9',
      models: ['claude-3-haiku', 'claude-3-opus'],
    });
  });

  describe('vendors', () => {
    it('creates, lists, searches, edits and deletes a vendor; a taken name is refused', async () => {
      const created = await root<VendorView>('POST', '/api/vendors/', {
        name: 'OpenAI',
        description: 'GPT models',
        icon: 'OpenAI',
      });
      expect(created).toMatchObject({ success: true, data: { name: 'OpenAI', description: 'GPT models', status: 1 } });
      const id = created.data?.id ?? 0;
      const taken = await root('POST', '/api/vendors/', { name: 'OpenAI' });
      expect(taken).toMatchObject({ success: false, message: 'A vendor named OpenAI already exists' });
      expect((await root('POST', '/api/vendors/', { name: 'OpenAI' }, 'zh')).message).toBe('供应商名称已存在：OpenAI');
      await root('POST', '/api/vendors/', { name: 'Anthropic' });
      const list = await root<PageData<VendorView>>('GET', '/api/vendors/?p=1&page_size=10');
      expect(list.data).toMatchObject({ total: 2, page: 1, page_size: 10 });
      const found = await root<PageData<VendorView>>('GET', '/api/vendors/search?keyword=anthro');
      expect(found.data?.items.map((vendor) => vendor.name)).toEqual(['Anthropic']);
      const edited = await root<VendorView>('PUT', '/api/vendors/', { id, name: 'OpenAI Inc.', status: 0 });
      expect(edited.data).toMatchObject({ id, name: 'OpenAI Inc.', status: 0, description: 'GPT models' });
      expect((await root('DELETE', `/api/vendors/${id}`)).success).toBe(true);
      expect((await root('GET', `/api/vendors/${id}`)).success).toBe(false);
    });
  });

  describe('model metadata', () => {
    it('shows the channels, groups and billing of an exact name, and the names a rule matches', async () => {
      const vendor = (await root<VendorView>('POST', '/api/vendors/', { name: 'Claude Maker' })).data as VendorView;
      const exact = await root<ModelMetaView>('POST', '/api/models/', {
        model_name: 'gpt-4o',
        description: 'Omni',
        tags: 'chat,vision',
        endpoints: '["openai"]',
      });
      expect(exact.success, exact.message).toBe(true);
      expect(exact.data).toMatchObject({
        model_name: 'gpt-4o',
        status: 1,
        sync_official: 1,
        name_rule: 0,
        bound_channels: [{ name: 'openai-main', type: 1 }],
        enable_groups: ['default', 'vip'],
        quota_types: [0],
      });
      const rule = await root<ModelMetaView>('POST', '/api/models/', {
        model_name: 'claude-3',
        name_rule: 1,
        vendor_id: vendor.id,
      });
      expect(rule.data).toMatchObject({
        matched_models: expect.arrayContaining(['claude-3-haiku', 'claude-3-opus']),
        matched_count: 2,
      });
      expect(rule.data?.bound_channels.map((channel) => channel.name).sort()).toEqual(['backup', 'openai-main']);

      const byVendor = await root<PageData<ModelMetaView>>(
        'GET',
        `/api/models/search?vendor=${encodeURIComponent('Claude Maker')}`,
      );
      expect(byVendor.data?.items.map((model) => model.model_name)).toEqual(['claude-3']);
      const byKeyword = await root<PageData<ModelMetaView>>('GET', '/api/models/search?keyword=vision');
      expect(byKeyword.data?.items.map((model) => model.model_name)).toEqual(['gpt-4o']);
      // gpt-4o has metadata and claude-3-* are covered by the prefix rule: only gpt-4o-mini is missing.
      expect((await root('GET', '/api/models/missing')).data).toEqual(['gpt-4o-mini']);
    });

    it('edits, toggles the status only, filters the list and deletes; bad input changes nothing', async () => {
      const created = (
        await root<ModelMetaView>('POST', '/api/models/', { model_name: 'gpt-4o-mini', description: 'small' })
      ).data as ModelMetaView;
      expect((await root('POST', '/api/models/', { model_name: 'gpt-4o-mini' })).message).toBe(
        'Metadata for the model gpt-4o-mini already exists',
      );
      expect((await root('POST', '/api/models/', { model_name: 'x-model', endpoints: '{not json' })).message).toBe(
        'Endpoints must be valid JSON',
      );
      expect((await root('POST', '/api/models/', { model_name: 'x-model', vendor_id: 9999 })).message).toBe(
        'There is no vendor with id 9999',
      );
      expect(
        (await root('PUT', '/api/models/', { id: created.id, model_name: 'gpt-4o', description: 'clash' })).success,
      ).toBe(false);
      expect((await root<ModelMetaView>('GET', `/api/models/${created.id}`)).data?.description).toBe('small');

      const toggled = await root<ModelMetaView>('PUT', '/api/models/?status_only=true', { id: created.id, status: 0 });
      expect(toggled.data).toMatchObject({ status: 0, description: 'small' });
      const disabled = await root<PageData<ModelMetaView>>('GET', '/api/models/?status=0');
      expect(disabled.data?.items.map((model) => model.model_name)).toEqual(['gpt-4o-mini']);
      const edited = await root<ModelMetaView>('PUT', '/api/models/', {
        id: created.id,
        model_name: 'gpt-4o-mini',
        description: 'cheap',
      });
      expect(edited.data).toMatchObject({ description: 'cheap', status: 0 });
      expect((await root('GET', '/api/models/missing')).data).toEqual([]);
      expect((await root('DELETE', `/api/models/${created.id}`)).success).toBe(true);
      expect((await root('GET', '/api/models/missing')).data).toEqual(['gpt-4o-mini']);
    });

    it('says plainly that official metadata is not synced, in both languages', async () => {
      expect(await root('GET', '/api/models/sync_upstream/preview')).toMatchObject({
        success: false,
        message: expect.stringContaining('add it by hand'),
      });
      expect((await root('POST', '/api/models/sync_upstream', {}, 'zh')).message).toContain('请手动添加');
    });

    it('is for administrators only', async () => {
      await addUser(server, 'plain-user', 1);
      const user = await callerFor(server, 'plain-user', 'password-1234');
      expect((await user('GET', '/api/models/')).success).toBe(false);
      expect((await user('GET', '/api/vendors/')).success).toBe(false);
      expect((await user('GET', '/api/prefill_group/')).success).toBe(false);
    });
  });

  describe('prefill groups', () => {
    it('saves lists of models, tags and endpoints, lists them by type, edits and deletes them', async () => {
      const models = await root<PrefillGroupView>('POST', '/api/prefill_group/', {
        name: 'GPT set',
        type: 'model',
        items: ['gpt-4o', ' gpt-4o-mini ', 'gpt-4o'],
      });
      expect(models.data).toMatchObject({ name: 'GPT set', type: 'model', items: ['gpt-4o', 'gpt-4o-mini'] });
      await root('POST', '/api/prefill_group/', {
        name: 'Tags',
        type: 'tag',
        items: '["chat","vision"]',
        description: 'common tags',
      });
      expect(
        (await root('POST', '/api/prefill_group/', { name: 'Bad', type: 'model', items: '{"a":1}' })).message,
      ).toBe('Items must be a list of strings (or its JSON text), at most 1000');
      expect((await root('POST', '/api/prefill_group/', { name: 'GPT set', type: 'tag', items: [] })).success).toBe(
        false,
      );
      expect((await root('POST', '/api/prefill_group/', { name: 'Odd', type: 'colour', items: [] })).success).toBe(
        false,
      );
      const onlyTags = await root<PrefillGroupView[]>('GET', '/api/prefill_group/?type=tag');
      expect(onlyTags.data?.map((group) => group.items)).toEqual([['chat', 'vision']]);
      const id = models.data?.id ?? 0;
      const edited = await root<PrefillGroupView>('PUT', '/api/prefill_group/', {
        id,
        name: 'GPT set',
        type: 'model',
        items: ['gpt-5'],
      });
      expect(edited.data?.items).toEqual(['gpt-5']);
      expect((await root('DELETE', `/api/prefill_group/${id}`)).success).toBe(true);
      expect((await root<PrefillGroupView[]>('GET', '/api/prefill_group/')).data?.map((group) => group.name)).toEqual([
        'Tags',
      ]);
    });
  });
});
