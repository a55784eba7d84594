import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { addChannel, addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase, signIn, startTestServer, type TestServer } from '../../testing/test-server';
import { createToken, tokenClient, tokenClientsForTests } from '../../testing/token-fixtures';

let upstream: FakeOpenAIUpstream;

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
});
afterAll(() => upstream.stop());

await describeOnEachDatabase("a token's requests and tokens per minute on %s (issue 22)", (server) => {
  const { english, chinese } = tokenClientsForTests(server, 'limited');

  it('creates a token without limits unless given, and keeps the limits it is given', async () => {
    const plain = await createToken(english, { name: 'plain' });
    expect(plain).toMatchObject({ rpm_limit: 0, tpm_limit: 0 });
    const limited = await createToken(english, { name: 'limited', rpm_limit: 30, tpm_limit: 120_000 });
    expect(limited).toMatchObject({ rpm_limit: 30, tpm_limit: 120_000 });
    expect((await english.get(limited.id)).data).toMatchObject({ rpm_limit: 30, tpm_limit: 120_000 });
    const listed = (await english.list()).data?.find((token) => token.id === limited.id);
    expect(listed).toMatchObject({ rpm_limit: 30, tpm_limit: 120_000 });
  });

  it('changes the limits on update and keeps them when an edit leaves them out', async () => {
    const token = await createToken(english, { name: 'edited', rpm_limit: 10 });
    const raised = await english.update({ id: token.id, rpm_limit: 0, tpm_limit: 5000 });
    expect(raised.data).toMatchObject({ rpm_limit: 0, tpm_limit: 5000 });
    const renamed = await english.update({ id: token.id, name: 'renamed' });
    expect(renamed.data).toMatchObject({ name: 'renamed', rpm_limit: 0, tpm_limit: 5000 });
  });

  it.each([
    [
      'a negative requests per minute',
      { rpm_limit: -1 },
      'Requests per minute must be a whole number',
      '每分钟请求数必须是不小于 0 的整数',
    ],
    [
      'a fractional requests per minute',
      { rpm_limit: 2.5 },
      'Requests per minute must be a whole number',
      '每分钟请求数必须是不小于 0 的整数',
    ],
    [
      'a negative tokens per minute',
      { tpm_limit: -100 },
      'Tokens per minute must be a whole number',
      '每分钟 Token 数必须是不小于 0 的整数',
    ],
    [
      'a fractional tokens per minute',
      { tpm_limit: 0.1 },
      'Tokens per minute must be a whole number',
      '每分钟 Token 数必须是不小于 0 的整数',
    ],
  ])(
    'refuses %s on create and on update, in the caller language, and changes nothing',
    async (_case, limits, englishText, chineseText) => {
      const before = (await english.list()).data?.length;
      const created = await english.create({ name: 'refused', ...limits });
      expect(created.success).toBe(false);
      expect(created.message).toContain(englishText);
      expect((await english.list()).data?.length).toBe(before);

      const token = await createToken(english, { name: 'kept', rpm_limit: 7, tpm_limit: 700 });
      const updated = await chinese.update({ id: token.id, ...limits });
      expect(updated.success).toBe(false);
      expect(updated.message).toContain(chineseText);
      expect((await english.get(token.id)).data).toMatchObject({ rpm_limit: 7, tpm_limit: 700 });
    },
  );
});

describe('the relay follows a limit set in the console', () => {
  let server: TestServer;
  afterAll(() => server.stop());

  it('answers 429 once a token edited to 1 request per minute has made its request, before any upstream call', async () => {
    server = await startTestServer();
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    await addUser(server, 'relayed', { quota: 100_000_000 });
    const client = tokenClient(server, await signIn(server, 'relayed', 'password123'), 'en');
    const token = await createToken(client, { name: 'relay', unlimited_quota: true });
    const openai = new OpenAI({ apiKey: `sk-${token.key}`, baseURL: `${server.url}/v1`, maxRetries: 0 });
    const ask = () =>
      openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });

    // The first calls load the token into the relay cache without a limit.
    await ask();
    await ask();
    expect((await client.update({ id: token.id, rpm_limit: 1 })).success).toBe(true);
    await ask();
    const sent = upstream.received.length;
    await expect(ask()).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    expect(upstream.received.length).toBe(sent);
  });
});
