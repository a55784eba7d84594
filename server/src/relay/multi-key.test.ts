import { beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstreams, type FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { newestLog } from '../testing/log-queries';
import { addChannel, addToken, addUser, flushAll } from '../testing/relay-fixtures';
import { serverForTests } from '../testing/test-server';
import type { DatabaseKind } from '../config';
import { availableDatabaseKinds } from '../testing/test-databases';

const kinds = await availableDatabaseKinds();

describe.each(kinds)('multi-key relay on %s', (kind: DatabaseKind) => {
  const server = serverForTests({ databaseKind: kind });
  const fakeUpstream = fakeUpstreams();

  async function apiKeyFor(name: string) {
    const userId = await addUser(server, `user-${name}`, { quota: 50_000_000 });
    return (await addToken(server, userId, { unlimited: true })).apiKey;
  }

  const chat = (apiKey: string, model: string) =>
    fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });

  const keysSeen = (upstream: FakeOpenAIUpstream) =>
    upstream.received.map((request) => String(request.headers.authorization).replace('Bearer ', ''));

  /** A fake upstream and a multi-key channel on it serving `model`, its keys one a line. */
  async function multiKeyChannel(model: string, keys: string[], channelInfo: Record<string, unknown>) {
    const upstream = await fakeUpstream();
    const id = await addChannel(server, {
      baseUrl: upstream.url,
      models: [model],
      key: keys.join('\n'),
      channelInfo: { is_multi_key: true, multi_key_size: keys.length, ...channelInfo },
    });
    return { upstream, id };
  }

  async function channelRow(id: number) {
    return server.context.database.db
      .selectFrom('channels')
      .select(['status', 'channel_info', 'other_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    await server.context.options.save('RetryTimes', '0');
    await server.context.options.save('AutomaticDisableChannelEnabled', 'true');
  });

  describe('multi-key channels', () => {
    it('a polling channel of three keys sends the calls to each key in turn, and the log names the key index', async () => {
      const model = 'gpt-4o';
      const { upstream } = await multiKeyChannel(model, ['key-a', 'key-b', 'key-c'], { multi_key_mode: 'polling' });
      const apiKey = await apiKeyFor('polling');
      for (let call = 0; call < 6; call += 1) expect((await chat(apiKey, model)).status).toBe(200);
      const seen = keysSeen(upstream);
      const start = seen.indexOf('key-a');
      const rotated = [...seen.slice(start), ...seen.slice(0, start)];
      expect(rotated).toEqual(['key-a', 'key-b', 'key-c', 'key-a', 'key-b', 'key-c']);
      await flushAll(server);
      const last = await newestLog(server);
      const other = JSON.parse(last.other) as { admin_info: { multi_key_index?: number } };
      expect(other.admin_info.multi_key_index).toBe(['key-a', 'key-b', 'key-c'].indexOf(seen.at(-1)!));
    });

    it('a random channel reaches every key, and never a disabled one', async () => {
      const model = 'gpt-4o-mini';
      const { upstream } = await multiKeyChannel(model, ['key-1', 'key-2', 'key-3'], {
        multi_key_mode: 'random',
        multi_key_status_list: { '1': 2 },
      });
      const apiKey = await apiKeyFor('random');
      for (let call = 0; call < 30; call += 1) expect((await chat(apiKey, model)).status).toBe(200);
      expect(new Set(keysSeen(upstream))).toEqual(new Set(['key-1', 'key-3']));
    });

    it('a key the upstream answers 401 is disabled alone; the channel goes with its last key', async () => {
      const model = 'gpt-4.1';
      const { upstream, id } = await multiKeyChannel(model, ['good-key', 'bad-key'], { multi_key_mode: 'polling' });
      const refused = {
        status: 401,
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      };
      upstream.behaviour = { failForKeys: { 'bad-key': refused } };
      const apiKey = await apiKeyFor('refused');
      const statuses: number[] = [];
      for (let call = 0; call < 2; call += 1) statuses.push((await chat(apiKey, model)).status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      const afterOne = await channelRow(id);
      expect(afterOne.status).toBe(1);
      const info = JSON.parse(afterOne.channel_info!) as Record<string, Record<string, unknown>>;
      expect(info.multi_key_status_list).toEqual({ '1': 3 });
      expect(String(info.multi_key_disabled_reason?.['1'])).toMatch(/401/);
      expect(Number(info.multi_key_disabled_time?.['1'])).toBeGreaterThan(0);
      // The good key keeps serving: every later call reaches it alone.
      upstream.received.length = 0;
      for (let call = 0; call < 4; call += 1) expect((await chat(apiKey, model)).status).toBe(200);
      expect(new Set(keysSeen(upstream))).toEqual(new Set(['good-key']));
      // Now the last key is refused too: the channel is disabled.
      upstream.behaviour = { failForKeys: { 'bad-key': refused, 'good-key': refused } };
      expect((await chat(apiKey, model)).status).toBe(401);
      const afterAll = await channelRow(id);
      expect(afterAll.status).toBe(3);
      expect(JSON.parse(afterAll.other_info)).toMatchObject({ status_reason: 'All keys are disabled' });
      expect((JSON.parse(afterAll.channel_info!) as { multi_key_status_list: unknown }).multi_key_status_list).toEqual({
        '0': 3,
        '1': 3,
      });
      const reply = await chat(apiKey, model);
      expect(reply.status).toBe(503);
    });
  });
});
