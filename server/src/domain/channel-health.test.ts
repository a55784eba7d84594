import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callerFor, type Caller, expectAutoDisabled } from '../testing/channel-fixtures';
import { FakeJsonServer } from '../testing/fake-json-server';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { addChannelWithOther, priceModels } from '../testing/provider-test-kit';
import { addChannel, addToken, addUser } from '../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';

/** What a caller writes to make an upstream that echoes prompts print a default disabling keyword. */
const ECHOED_PROMPT = 'please say Permission denied';

let server: TestServer;
let apiKey: string;
let root: Caller;
const fakes: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.context.options.save('AutomaticDisableChannelEnabled', 'true');
  await server.context.options.save('RetryTimes', '1');
  const userId = await addUser(server, 'health-user', { quota: 50_000_000 });
  apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
  root = await callerFor(server, 'root', '123456');
});

afterAll(async () => {
  for (const fake of fakes) await fake.stop();
  await server.stop();
});

/** An upstream that answers every call with `status` and `body`. */
async function refusingUpstream(status: number, body: unknown): Promise<FakeJsonServer> {
  const fake = await new FakeJsonServer(() => ({ status, body })).start();
  fakes.push(fake);
  return fake;
}

const channelRow = (id: number) =>
  server.context.database.db
    .selectFrom('channels')
    .select(['status', 'other_info'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function chat(model: string): Promise<Response> {
  return server.call('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: ECHOED_PROMPT }] }),
  });
}

const openAIError = (message: string, type: string, code: string | null) => ({ error: { message, type, code } });
const anthropicError = (type: string, message: string) => ({ type: 'error', error: { type, message } });
const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: {
    code,
    status,
    message,
    ...(reason
      ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }] }
      : {}),
  },
});

describe('automatic disabling on live traffic', () => {
  it.each([
    {
      case: 'a 400 echoing the prompt',
      type: 1,
      status: 400,
      body: openAIError(`You said: ${ECHOED_PROMPT}. Permission denied`, 'invalid_request_error', null),
      reason: null,
    },
    {
      case: 'a 429 rate limit that mentions the quota',
      type: 1,
      status: 429,
      body: openAIError('You exceeded your current quota for requests per minute', 'requests', 'rate_limit_exceeded'),
      reason: null,
    },
    {
      case: 'a Gemini 400 echoing the prompt',
      type: 24,
      status: 400,
      body: googleError(400, 'INVALID_ARGUMENT', `Permission denied: ${ECHOED_PROMPT}`),
      reason: null,
    },
    {
      case: 'an Anthropic 400 echoing the prompt',
      type: 14,
      status: 400,
      body: anthropicError(
        'invalid_request_error',
        `Permission denied. Your account is not authorized: ${ECHOED_PROMPT}`,
      ),
      reason: null,
    },
    {
      case: 'a 401 invalid_api_key',
      type: 1,
      status: 401,
      body: openAIError('Incorrect API key provided: sk-abcd1234efgh5678', 'invalid_request_error', 'invalid_api_key'),
      reason: 'upstream HTTP 401 (invalid_request_error, invalid_api_key): Incorrect API key provided: sk-***',
    },
    {
      case: 'a 429 insufficient_quota',
      type: 1,
      status: 429,
      body: openAIError('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota'),
      reason: 'upstream HTTP 429 (insufficient_quota): You exceeded your current quota',
    },
    {
      case: 'an Anthropic 403 permission_error',
      type: 14,
      status: 403,
      body: anthropicError('permission_error', 'Your API key does not have permission'),
      reason: 'upstream HTTP 403 (permission_error): Your API key does not have permission',
    },
    {
      case: 'a Gemini 403 PERMISSION_DENIED',
      type: 24,
      status: 403,
      body: googleError(403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers"),
      reason: "upstream HTTP 403 (PERMISSION_DENIED): Method doesn't allow unregistered callers",
    },
    {
      case: 'a Gemini 400 API_KEY_INVALID',
      type: 24,
      status: 400,
      body: googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID'),
      reason: 'upstream HTTP 400 (API_KEY_INVALID, INVALID_ARGUMENT): API key not valid. Please pass a valid API key.',
    },
  ])(
    '$case: disabled only when the upstream says so by status, type or code',
    async ({ case: name, type, status, body, reason }) => {
      const model = `health-${name.replace(/\W+/g, '-')}`;
      await priceModels(server, { [model]: 1 });
      const upstream = await refusingUpstream(status, body);
      const id =
        type === 24
          ? await addChannelWithOther(server, { type, baseUrl: upstream.url, models: [model] }, 'v1beta')
          : await addChannel(server, { type, baseUrl: upstream.url, models: [model] });
      expect((await chat(model)).status).toBe(status);
      expect(upstream.received).toHaveLength(1);
      const row = await channelRow(id);
      if (reason === null) {
        expect(row.status).toBe(1);
        expect(row.other_info).toBe('{}');
        return;
      }
      expectAutoDisabled(row, reason);
      const abilities = await server.context.database.db
        .selectFrom('abilities')
        .select('enabled')
        .where('channel_id', '=', id)
        .execute();
      expect(abilities.every((ability) => ability.enabled === 0)).toBe(true);
    },
  );

  it('a refused key takes its channel out and the call still fails over', async () => {
    const model = 'health-failover';
    await priceModels(server, { [model]: 1 });
    const revoked = await refusingUpstream(
      401,
      openAIError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
    );
    const healthy = await new FakeOpenAIUpstream().start();
    fakes.push(healthy);
    const revokedId = await addChannel(server, { baseUrl: revoked.url, models: [model], priority: 9 });
    await addChannel(server, { baseUrl: healthy.url, models: [model], priority: 1 });
    expect((await chat(model)).status).toBe(200);
    expect((await channelRow(revokedId)).status).toBe(3);
    expect((await chat(model)).status).toBe(200);
    expect(revoked.received).toHaveLength(1);
    expect(healthy.received).toHaveLength(2);
  });
});

describe('automatic disabling by the scheduled test of every channel', () => {
  it('applies the same rule: an echoed keyword leaves the channel on, invalid_api_key takes it out', async () => {
    await server.context.database.db.deleteFrom('channels').execute();
    const echoing = await refusingUpstream(
      400,
      openAIError(`You said: ${ECHOED_PROMPT}`, 'invalid_request_error', null),
    );
    const refusing = await refusingUpstream(
      401,
      openAIError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
    );
    const kept = await addChannel(server, { name: 'echoing', baseUrl: echoing.url, models: ['gpt-4o-mini'] });
    const removed = await addChannel(server, { name: 'refusing', baseUrl: refusing.url, models: ['gpt-4o-mini'] });
    expect((await root('GET', '/api/channel/test')).success).toBe(true);
    await vi.waitFor(async () => expect((await channelRow(removed)).status).toBe(3), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(echoing.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => {
      const test = await server.context.database.db
        .selectFrom('channels')
        .select('test_time')
        .where('id', '=', kept)
        .executeTakeFirstOrThrow();
      expect(test.test_time).toBeGreaterThan(0);
    });
    expect(await channelRow(kept)).toMatchObject({ status: 1, other_info: '{}' });
    expect(JSON.parse((await channelRow(removed)).other_info)).toMatchObject({
      status_reason: 'upstream HTTP 401 (invalid_request_error, invalid_api_key): Incorrect API key provided',
    });
  });
});
