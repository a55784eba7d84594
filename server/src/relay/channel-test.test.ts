import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAnthropicUpstream } from '../testing/fake-anthropic-upstream';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { FixtureReplayUpstream } from '../testing/fixture-replay-upstream';
import { recordingsBeside } from '../testing/provider-test-kit';
import { addChannel, type ChannelValues } from '../testing/relay-fixtures';
import { serverForTests } from '../testing/test-server';
import { testChannel } from './channel-test';

const server = serverForTests();
let upstream: FakeOpenAIUpstream;

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
});
afterAll(async () => {
  await upstream.stop();
});

const channelRow = (id: number) =>
  server.context.database.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const recording = recordingsBeside(import.meta.url, './providers/');

/** Tests a new channel against a vendor replaying `fixture` at `path`; answers the result and the vendor's last request. */
async function testReplayed(path: string, fixture: string, values: Omit<ChannelValues, 'baseUrl'>) {
  const vendor = await new FixtureReplayUpstream({ [path]: [recording(fixture)] }).start();
  try {
    const id = await addChannel(server, { baseUrl: vendor.url, ...values });
    return { result: await testChannel(await channelRow(id)), received: vendor.received.at(-1) };
  } finally {
    await vendor.stop();
  }
}

describe('testing a channel', () => {
  it('sends "hi" with 16 tokens to the first model and reports the time', async () => {
    const id = await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'gpt-4o'] });
    const result = await testChannel(await channelRow(id));
    expect(result).toMatchObject({ success: true, model: 'gpt-4o-mini' });
    expect(result.timeMs).toBeGreaterThanOrEqual(0);
    expect(upstream.received.at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 16,
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('uses the embeddings endpoint for an embedding model, and a chosen model', async () => {
    const id = await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'text-embedding-3-small'] });
    const result = await testChannel(await channelRow(id), 'text-embedding-3-small');
    expect(result.success).toBe(true);
    expect(upstream.received.at(-1)?.path).toBe('/v1/embeddings');
  });

  it("tests a reranker with a rerank at the vendor's own path (Jina)", async () => {
    const { result, received } = await testReplayed('/v1/rerank', 'openai-compatible/__fixtures__/jina-rerank.json', {
      type: 38,
      models: ['jina-reranker-v2-base-multilingual'],
    });
    expect(result).toMatchObject({ success: true, model: 'jina-reranker-v2-base-multilingual' });
    expect(received).toMatchObject({
      path: '/v1/rerank',
      body: { query: 'What is Deep Learning?', documents: expect.any(Array) },
    });
  });

  it('tests a vendor with its own API through its adapter (Dify)', async () => {
    const { result, received } = await testReplayed('/v1/chat-messages', 'dify/__fixtures__/chat-blocking.json', {
      type: 37,
      key: 'app-key',
      models: ['dify'],
    });
    expect(result).toMatchObject({ success: true, model: 'dify' });
    expect(received).toMatchObject({
      path: '/v1/chat-messages',
      body: { query: 'hi', response_mode: 'blocking' },
      headers: { authorization: 'Bearer app-key' },
    });
  });

  it('tests an image model with one image (Replicate)', async () => {
    const { result, received } = await testReplayed(
      '/v1/models/black-forest-labs/flux-schnell/predictions',
      'replicate/__fixtures__/prediction-succeeded.json',
      { type: 56, models: ['black-forest-labs/flux-schnell'] },
    );
    expect(result).toMatchObject({ success: true, model: 'black-forest-labs/flux-schnell' });
    expect(received?.body).toEqual({
      input: { prompt: 'a cute cat', num_outputs: 1, aspect_ratio: '1:1' },
    });
  });

  it('reports the upstream error', async () => {
    upstream.behaviour = { failWith: { status: 401, message: 'Incorrect API key provided' } };
    const id = await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const result = await testChannel(await channelRow(id));
    upstream.behaviour = {};
    expect(result).toMatchObject({ success: false, status: 401, message: 'Incorrect API key provided' });
  });

  it('tests Claude and Bedrock channels through their own APIs', async () => {
    const claude = await new FakeAnthropicUpstream('secret').start();
    try {
      const anthropic = await addChannel(server, {
        type: 14,
        baseUrl: claude.url,
        models: ['claude-haiku-4-5-20251001'],
      });
      expect(await testChannel(await channelRow(anthropic))).toMatchObject({
        success: true,
        model: 'claude-haiku-4-5-20251001',
      });
      expect(claude.received.at(-1)).toMatchObject({
        path: '/v1/messages',
        body: { max_tokens: 16, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
      });

      const bedrock = await addChannel(server, {
        type: 33,
        baseUrl: claude.url,
        key: 'AKID|secret|us-east-1',
        models: ['claude-3-5-haiku-20241022'],
      });
      expect(await testChannel(await channelRow(bedrock))).toMatchObject({ success: true });
      expect(claude.received.at(-1)).toMatchObject({
        path: '/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke',
        signatureValid: true,
      });

      const badKey = await addChannel(server, {
        type: 33,
        baseUrl: claude.url,
        key: 'AKID|wrong-secret|us-east-1',
        models: ['claude-3-5-haiku-20241022'],
      });
      expect(await testChannel(await channelRow(badKey))).toMatchObject({ success: false, status: 403 });
    } finally {
      await claude.stop();
    }
  });
});
