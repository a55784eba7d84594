import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { addChannel } from '../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testChannel } from './channel-test';

let server: TestServer;
let upstream: FakeOpenAIUpstream;

beforeAll(async () => {
  server = await startTestServer();
  upstream = await new FakeOpenAIUpstream().start();
});
afterAll(async () => {
  await upstream.stop();
  await server.stop();
});

const channelRow = (id: number) => server.context.database.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('testing a channel', () => {
  it('sends "hi" with 16 tokens to the first model and reports the time', async () => {
    const id = await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'gpt-4o'] });
    const result = await testChannel(await channelRow(id));
    expect(result).toMatchObject({ success: true, model: 'gpt-4o-mini' });
    expect(result.timeMs).toBeGreaterThanOrEqual(0);
    expect(upstream.received.at(-1)?.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('uses the embeddings endpoint for an embedding model, and a chosen model', async () => {
    const id = await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini', 'text-embedding-3-small'] });
    const result = await testChannel(await channelRow(id), 'text-embedding-3-small');
    expect(result.success).toBe(true);
    expect(upstream.received.at(-1)?.path).toBe('/v1/embeddings');
  });

  it('reports the upstream error', async () => {
    upstream.behaviour = { failWith: { status: 401, message: 'Incorrect API key provided' } };
    const id = await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const result = await testChannel(await channelRow(id));
    upstream.behaviour = {};
    expect(result).toMatchObject({ success: false, status: 401, message: 'Incorrect API key provided' });
  });
});
