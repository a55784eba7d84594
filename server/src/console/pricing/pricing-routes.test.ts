import { promptPricePerMillion, type PricingReply } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { addChannel, addUser } from '../../testing/relay-fixtures';
import { signIn, describeOnEachDatabase } from '../../testing/test-server';

await describeOnEachDatabase('pricing and public content on %s', (server) => {
  beforeAll(async () => {
    await server.context.options.save('GroupRatio', JSON.stringify({ default: 1, vip: 0.5 }));
    await server.context.options.save('UserUsableGroups', JSON.stringify({ default: 'Default group' }));
    await addChannel(server, {
      baseUrl: 'http://127.0.0.1:9',
      models: ['gpt-4o', 'dall-e-3', 'house-model'],
      groups: ['default', 'vip'],
    });
    await addChannel(server, { baseUrl: 'http://127.0.0.1:9', models: ['deepseek-chat'], groups: ['vip'] });
  });

  const pricing = async (headers: Record<string, string> = {}) =>
    (await (await server.call('/api/pricing', { headers })).json()) as PricingReply;

  it('lists each served model with its price, billing type and groups', async () => {
    const reply = await pricing();
    expect(reply.success).toBe(true);
    const byName = Object.fromEntries(reply.data.map((item) => [item.model_name, item]));
    expect(Object.keys(byName).sort()).toEqual(['dall-e-3', 'deepseek-chat', 'gpt-4o', 'house-model']);
    expect(byName['gpt-4o']).toMatchObject({
      quota_type: 0,
      model_ratio: 1.25,
      completion_ratio: 4,
      enable_groups: ['default', 'vip'],
      unpriced: false,
    });
    expect(byName['dall-e-3']).toMatchObject({ quota_type: 1, model_price: 0.04, unpriced: false });
    expect(byName['deepseek-chat']?.enable_groups).toEqual(['vip']);
    expect(byName['house-model']).toMatchObject({ unpriced: true, model_ratio: 0, model_price: 0 });
    expect(reply.group_ratio).toEqual({ default: 1, vip: 0.5 });
    expect(reply.usable_group).toEqual({ default: 'Default group' });
    // gpt-4o in vip: 1.25 × 2 × 0.5 = $1.25 per 1M prompt tokens
    expect(promptPricePerMillion(byName['gpt-4o']?.model_ratio ?? 0, reply.group_ratio.vip ?? 0)).toBe(1.25);
  });

  it('follows a saved price at once', async () => {
    await server.context.options.save('ModelRatio', JSON.stringify({ 'house-model': 3 }));
    const item = (await pricing()).data.find((entry) => entry.model_name === 'house-model');
    expect(item).toMatchObject({ unpriced: false, model_ratio: 3, completion_ratio: 1 });
    expect((await pricing()).data.find((entry) => entry.model_name === 'gpt-4o')?.unpriced).toBe(true);
  });

  it('shows a negative price or ratio (an imported table, say) as unpriced, as the relay refuses to bill it', async () => {
    await server.context.options.save('ModelRatio', JSON.stringify({ 'house-model': -3, 'gpt-4o': 1.25 }));
    await server.context.options.save('ModelPrice', JSON.stringify({ 'dall-e-3': -0.04 }));
    const byName = Object.fromEntries((await pricing()).data.map((item) => [item.model_name, item]));
    expect(byName['house-model']).toMatchObject({ unpriced: true, model_ratio: 0 });
    expect(byName['dall-e-3']).toMatchObject({ unpriced: true, model_price: 0 });
    expect(byName['gpt-4o']).toMatchObject({ unpriced: false, model_ratio: 1.25 });
  });

  it("adds a signed-in user's own group to the usable groups", async () => {
    await addUser(server, 'vip-buyer', { group: 'vip' });
    const headers = await signIn(server, 'vip-buyer', 'password123');
    expect((await pricing(headers)).usable_group).toEqual({ default: 'Default group', vip: 'vip' });
  });

  it('serves the announcement, about text and home page content to visitors', async () => {
    await server.context.options.save('Notice', '**maintenance** tonight');
    await server.context.options.save('About', 'https://about.example.com');
    await server.context.options.save('HomePageContent', '# Welcome');
    const read = async (path: string) => (await (await server.call(path)).json()) as { success: boolean; data: string };
    expect(await read('/api/notice')).toEqual({ success: true, message: '', data: '**maintenance** tonight' });
    expect((await read('/api/about')).data).toBe('https://about.example.com');
    expect((await read('/api/home_page_content')).data).toBe('# Welcome');
  });
});
