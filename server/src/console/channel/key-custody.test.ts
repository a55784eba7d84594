import { Role, type ChannelView } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAll } from '../../testing/relay-fixtures';
import { serverForTests } from '../../testing/test-server';
import { storedChannelKey } from '../../testing/stored-channel-key';
import { MODEL_TEST_TOKEN_NAME } from './test-service';
import {
  addUser,
  callerFor,
  callerForTests,
  startFakeUpstream,
  type Caller,
  type FakeUpstream,
  createChannels,
  channelView,
} from '../../testing/channel-fixtures';
import { storedRow } from '../../testing/stored-rows';

const STORED_KEY = 'custodyPlainKey9931';
const completion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

const server = serverForTests();
const root = callerForTests(server);
let admin: Caller;
/** where the channels' keys belong */
let home: FakeUpstream;
/** a server of the administrator's choosing: it must never see a stored key */
let elsewhere: FakeUpstream;

beforeAll(async () => {
  await addUser(server, 'operator', Role.Admin);
  admin = await callerFor(server, 'operator', 'password-1234');
  const answer = (url: string | undefined) =>
    url?.endsWith('/models') ? { body: { object: 'list', data: [{ id: 'gpt-4o-mini' }] } } : { body: completion };
  home = await startFakeUpstream((request) => answer(request.url));
  elsewhere = await startFakeUpstream((request) => answer(request.url));
});

afterAll(async () => {
  await home.close();
  await elsewhere.close();
});

const createChannel = async (overrides: Record<string, unknown> = {}): Promise<number> =>
  (await createChannels(root, { base_url: home.url, key: STORED_KEY, ...overrides }))[0] ?? 0;

const view = (id: number) => channelView(root, id);
const storedKey = async (id: number) => await storedChannelKey(server, id);

describe('a stored key stays with its destination', () => {
  it.each([
    { field: 'base URL', change: () => ({ base_url: elsewhere.url }) },
    { field: 'type', change: () => ({ type: 3, other: '2024-02-01' }) },
    {
      field: 'address field (other)',
      change: () => ({ type: 3, other: '2024-10-21' }),
      before: { type: 3, other: '2024-02-01' },
    },
  ])(
    'an administrator who changes the $field without the key is refused and nothing changes',
    async ({ change, before }) => {
      const id = await createChannel(before);
      const stored = await view(id);
      const refused = await admin('PUT', '/api/channel/', { id, name: 'renamed', ...change() });
      expect(refused).toMatchObject({
        success: false,
        message:
          'Changing the type, base URL or other address fields (such as API version or region) needs the channel key entered again; only the super admin may keep the stored key',
      });
      const inChinese = await admin('PUT', '/api/channel/', { id, ...change() }, 'zh');
      expect(inChinese.message).toBe(
        '修改渠道类型、API 地址或其他地址参数（如 API 版本、区域）时，请重新填写渠道密钥；仅超级管理员可沿用已保存的密钥',
      );
      expect(await view(id)).toEqual(stored);
      expect(await storedKey(id)).toBe(STORED_KEY);
    },
  );

  it("so the refused administrator's test and model fetch still go home: the other server receives nothing", async () => {
    const id = await createChannel();
    expect((await admin('PUT', '/api/channel/', { id, base_url: `${elsewhere.url}/` })).success).toBe(false);
    expect((await admin('GET', `/api/channel/test/${id}`)).success).toBe(true);
    expect((await admin<string[]>('GET', `/api/channel/fetch_models/${id}`)).data).toEqual(['gpt-4o-mini']);
    expect(elsewhere.requests).toEqual([]);
    expect(home.requests.at(-1)?.headers.authorization).toBe(`Bearer ${STORED_KEY}`);
  });

  it('an administrator who changes other fields, or sends the destination unchanged, may save', async () => {
    const id = await createChannel();
    const saved = await admin<ChannelView>('PUT', '/api/channel/', {
      id,
      type: 1,
      base_url: `${home.url}/`,
      other: '',
      name: 'edited',
      models: 'gpt-4o-mini',
      key: '',
    });
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data).toMatchObject({ name: 'edited', base_url: home.url });
    expect(await storedKey(id)).toBe(STORED_KEY);
  });

  it('an administrator who enters the key may move the channel; the key entered replaces the stored one', async () => {
    const id = await createChannel();
    const moved = await admin<ChannelView>('PUT', '/api/channel/', {
      id,
      base_url: elsewhere.url,
      key: 'operator-own-key-1',
    });
    expect(moved.success, moved.message).toBe(true);
    expect(moved.data?.base_url).toBe(elsewhere.url);
    expect(await storedKey(id)).toBe('operator-own-key-1');
    elsewhere.requests.length = 0;
  });

  it('the super admin may move a channel and keep its stored key', async () => {
    const id = await createChannel();
    const moved = await root<ChannelView>('PUT', '/api/channel/', { id, base_url: elsewhere.url });
    expect(moved.success, moved.message).toBe(true);
    expect(await storedKey(id)).toBe(STORED_KEY);
    await root('PUT', '/api/channel/', { id, base_url: home.url });
  });

  it('a copy keeps the rule: an administrator cannot move the copy of a channel without its key', async () => {
    const id = await createChannel();
    const copy = await admin<{ id: number }>('POST', `/api/channel/copy/${id}`);
    expect((await admin('PUT', '/api/channel/', { id: copy.data?.id, base_url: elsewhere.url })).success).toBe(false);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('an upstream that prints the key it was given', () => {
  const SECOND_KEY = 'custodySecondKey4417';
  let echoing: FakeUpstream;

  beforeAll(async () => {
    echoing = await startFakeUpstream((request) => {
      const sent = String(request.headers.authorization).replace(/^Bearer /, '');
      return {
        status: 401,
        body: {
          error: {
            message: `Incorrect API key provided: ${sent} (keys on file: ${SECOND_KEY}, sk-proj-somebodyElse9876)`,
            type: 'invalid_request_error',
          },
        },
      };
    });
  });

  afterAll(async () => {
    await echoing.close();
  });

  function expectNoKeys(text: string): void {
    expect(text).toContain('Incorrect API key provided: ***');
    for (const secret of [STORED_KEY, SECOND_KEY, 'somebodyElse9876']) expect(text).not.toContain(secret);
  }

  it('is scrubbed from the test reply and from the log row the test writes', async () => {
    const id = await createChannel({ base_url: echoing.url, key: `${STORED_KEY}\n${SECOND_KEY}` });
    const reply = await admin('GET', `/api/channel/test/${id}`);
    expect(reply.success).toBe(false);
    expect(echoing.requests.at(-1)?.headers.authorization).toBe(`Bearer ${STORED_KEY}`);
    expectNoKeys(reply.message);
    await flushAll(server);
    const log = await storedRow(
      server.context.database.db,
      'logs',
      { channel_id: id, token_name: MODEL_TEST_TOKEN_NAME },
      ['content'],
    );
    expectNoKeys(log.content);
  });

  it('is scrubbed from the model fetch of a stored channel and of a key typed in', async () => {
    const id = await createChannel({ base_url: echoing.url, key: `${STORED_KEY}\n${SECOND_KEY}` });
    const stored = await admin('GET', `/api/channel/fetch_models/${id}`);
    expect(stored.success).toBe(false);
    expectNoKeys(stored.message);
    const typed = await admin('POST', '/api/channel/fetch_models', { type: 1, base_url: echoing.url, key: STORED_KEY });
    expect(typed.success).toBe(false);
    expect(typed.message).toContain('Incorrect API key provided: ***');
    expect(typed.message).not.toContain(STORED_KEY);
  });
});
