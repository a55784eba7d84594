import type { ChannelView } from '@switchboard/contract';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addToken, addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase, startTestServer, type TestServer } from '../../testing/test-server';
import { callerFor, channelBody, type Caller } from '../../testing/channel-fixtures';

async function createChannel(root: Caller, overrides: Record<string, unknown>): Promise<number> {
  const reply = await root<{ ids: number[] }>('POST', '/api/channel/', channelBody(overrides));
  expect(reply.success, reply.message).toBe(true);
  return reply.data?.ids[0] ?? 0;
}

const viewOf = async (root: Caller, id: number) => (await root<ChannelView>('GET', `/api/channel/${id}`)).data;

await describeOnEachDatabase("a channel's concurrency and daily token caps on %s (issue 22)", (server) => {
  let root: Caller;

  beforeAll(async () => {
    root = await callerFor(server, 'root', '123456');
  });

  it('creates a channel without caps unless given, and keeps the caps it is given', async () => {
    const plain = await createChannel(root, { name: 'plain' });
    expect(await viewOf(root, plain)).toMatchObject({ max_concurrency: 0, daily_token_limit: 0 });
    const capped = await createChannel(root, { name: 'capped', max_concurrency: 4, daily_token_limit: '2000000' });
    expect(await viewOf(root, capped)).toMatchObject({ max_concurrency: 4, daily_token_limit: 2_000_000 });
    const listed = (await root<ChannelView[]>('GET', '/api/channel/?p=0&page_size=100')).data?.find(
      (channel) => channel.id === capped,
    );
    expect(listed).toMatchObject({ max_concurrency: 4, daily_token_limit: 2_000_000 });
  });

  it('changes the caps on update and keeps them when an update leaves them out', async () => {
    const id = await createChannel(root, { name: 'edited', max_concurrency: 2 });
    expect((await root('PUT', '/api/channel/', { id, max_concurrency: 0, daily_token_limit: 500 })).success).toBe(true);
    expect(await viewOf(root, id)).toMatchObject({ max_concurrency: 0, daily_token_limit: 500 });
    expect((await root('PUT', '/api/channel/', { id, status: 2 })).success).toBe(true);
    expect(await viewOf(root, id)).toMatchObject({ status: 2, max_concurrency: 0, daily_token_limit: 500 });
  });

  it.each([
    [
      'a negative concurrency',
      { max_concurrency: -1 },
      'Max concurrent requests must be a whole number',
      '最大并发请求数必须是不小于 0 的整数',
    ],
    [
      'a fractional concurrency',
      { max_concurrency: 1.5 },
      'Max concurrent requests must be a whole number',
      '最大并发请求数必须是不小于 0 的整数',
    ],
    [
      'a daily limit that is no number',
      { daily_token_limit: 'lots' },
      'The daily token limit must be a whole number',
      '每日 Token 上限必须是不小于 0 的整数',
    ],
    [
      'a negative daily limit',
      { daily_token_limit: -10 },
      'The daily token limit must be a whole number',
      '每日 Token 上限必须是不小于 0 的整数',
    ],
  ])(
    'refuses %s on create and on update, in the caller language, and changes nothing',
    async (_case, caps, englishText, chineseText) => {
      const before = (await root<ChannelView[]>('GET', '/api/channel/?p=0&page_size=100')).data?.length;
      const created = await root('POST', '/api/channel/', channelBody({ name: 'refused', ...caps }));
      expect(created.success).toBe(false);
      expect(created.message).toContain(englishText);
      expect((await root<ChannelView[]>('GET', '/api/channel/?p=0&page_size=100')).data?.length).toBe(before);

      const id = await createChannel(root, { name: 'kept', max_concurrency: 3, daily_token_limit: 300 });
      const updated = await root('PUT', '/api/channel/', { id, name: 'renamed', ...caps }, 'zh');
      expect(updated.success).toBe(false);
      expect(updated.message).toContain(chineseText);
      expect(await viewOf(root, id)).toMatchObject({ name: 'kept', max_concurrency: 3, daily_token_limit: 300 });
    },
  );
});

describe('the relay follows a cap set in the console', () => {
  let server: TestServer;
  let preferred: FakeOpenAIUpstream;
  let spare: FakeOpenAIUpstream;

  beforeAll(async () => {
    preferred = await new FakeOpenAIUpstream().start();
    spare = await new FakeOpenAIUpstream().start();
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
    await preferred.stop();
    await spare.stop();
  });

  it('passes over a channel once its daily token limit, set by an edit, is billed', async () => {
    const root = await callerFor(server, 'root', '123456');
    const models = 'gpt-4o-mini';
    const capped = await createChannel(root, { name: 'preferred', base_url: preferred.url, models, priority: 10 });
    await createChannel(root, { name: 'spare', base_url: spare.url, models, priority: 0 });
    const userId = await addUser(server, 'capped-caller', { quota: 100_000_000 });
    const { apiKey } = await addToken(server, userId, { unlimited: true });
    const openai = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
    const ask = () => openai.chat.completions.create({ model: models, messages: [{ role: 'user', content: 'hi' }] });

    await ask();
    await ask();
    expect([preferred.received.length, spare.received.length]).toEqual([2, 0]);
    expect((await root('PUT', '/api/channel/', { id: capped, daily_token_limit: 1 })).success).toBe(true);
    await ask();
    await ask();
    expect([preferred.received.length, spare.received.length]).toEqual([3, 1]);
  });
});
