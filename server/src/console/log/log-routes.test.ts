import type { LogStat, LogView, PageData } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import { LogType } from '../../ledger/log-writer';
import { signIn, describeOnEachDatabase } from '../../testing/test-server';
import { consoleCaller, consumption, signedInCaller, writeLogs, type ConsoleCaller } from '../../testing/log-fixtures';

const DAY = 86_400;

await describeOnEachDatabase('logs on %s', (server) => {
  let root: ConsoleCaller;
  let admin: ConsoleCaller;
  let alice: ConsoleCaller;
  let bob: ConsoleCaller;
  const now = nowSeconds();
  const ids = (page: PageData<LogView> | undefined) => page?.items.map((item) => item.content);

  beforeAll(async () => {
    root = consoleCaller(server, await signIn(server, 'root', '123456'));
    admin = (await signedInCaller(server, 'admin', 10)).caller;
    const aliceUser = await signedInCaller(server, 'alice');
    const bobUser = await signedInCaller(server, 'bob');
    alice = aliceUser.caller;
    bob = bobUser.caller;
    const a = (values: Parameters<typeof consumption>[2]) => consumption(aliceUser.id, 'alice', values);
    const frtAndChannels = JSON.stringify({
      frt: 850,
      model_ratio: 1.25,
      admin_info: { use_channel: ['5', '6'] },
      local_count_tokens: false,
    });
    // `content` names each entry so that lists can be compared by it.
    await writeLogs(server, [
      a({
        content: 'a1',
        created_at: now - 10,
        quota: 100,
        prompt_tokens: 10,
        completion_tokens: 20,
        channel_id: 5,
        other: frtAndChannels,
      }),
      a({
        content: 'a2',
        created_at: now - 30,
        quota: 250,
        prompt_tokens: 5,
        completion_tokens: 5,
        model_name: 'gpt-4o-mini',
        group: 'vip',
        channel_id: 6,
        token_name: 'side',
      }),
      a({ content: 'a3', created_at: now - 3600, quota: 1000, prompt_tokens: 100, completion_tokens: 100 }),
      a({ content: 'a4', created_at: now - 20, type: LogType.TopUp, quota: 5000, model_name: '', channel_id: 0 }),
      consumption(bobUser.id, 'bob', {
        content: 'b1',
        created_at: now - 5,
        quota: 40,
        prompt_tokens: 1,
        completion_tokens: 2,
        channel_id: 5,
      }),
      a({ content: 'old', created_at: now - 10 * DAY, quota: 7, prompt_tokens: 1, completion_tokens: 1 }),
    ]);
  });

  const list = (caller: ConsoleCaller, path: string) => caller.get<PageData<LogView>>(path);

  it('lists every entry to administrators newest first, paged, with channel and username', async () => {
    const all = await list(admin, '/log/?p=1&page_size=10');
    expect(all.data).toMatchObject({ page: 1, page_size: 10, total: 6 });
    expect(ids(all.data)).toEqual(['b1', 'a1', 'a4', 'a2', 'a3', 'old']);
    const first = all.data?.items.find((item) => item.content === 'a1');
    expect(first).toMatchObject({
      channel: 5,
      channel_name: 'primary',
      username: 'alice',
      quota: 100,
      is_stream: false,
    });
    expect(JSON.parse(first?.other ?? '{}')).toMatchObject({ admin_info: { use_channel: ['5', '6'] } });
    const second = await list(admin, '/log/?p=2&page_size=2');
    expect(second.data).toMatchObject({ page: 2, page_size: 2, total: 6 });
    expect(ids(second.data)).toEqual(['a4', 'a2']);
  });

  it('filters by type, username, token, model, group, channel and time window', async () => {
    const contents = async (query: string) => ids((await list(admin, `/log/?${query}`)).data);
    expect(await contents('type=1')).toEqual(['a4']);
    expect(await contents('type=2&username=alice')).toEqual(['a1', 'a2', 'a3', 'old']);
    expect(await contents('token_name=side')).toEqual(['a2']);
    expect(await contents('model_name=gpt-4o-mini')).toEqual(['a2']);
    expect(await contents('group=vip')).toEqual(['a2']);
    expect(await contents('channel=5')).toEqual(['b1', 'a1']);
    expect(await contents(`start_timestamp=${now - 25}&end_timestamp=${now - 8}`)).toEqual(['a1', 'a4']);
    expect(await contents('type=4')).toEqual([]);
  });

  it('shows users only their own entries, without channels or administrator details', async () => {
    const own = await list(alice, '/log/self/?username=bob&channel=5');
    expect(own.data?.total).toBe(5);
    expect(ids(own.data)).toEqual(['a1', 'a4', 'a2', 'a3', 'old']);
    const first = own.data?.items[0];
    expect(first).toMatchObject({ channel: 0, channel_name: '', username: 'alice' });
    const other = JSON.parse(first?.other ?? '{}') as Record<string, unknown>;
    expect(other).toEqual({ frt: 850, model_ratio: 1.25 });
    expect(ids((await list(bob, '/log/self/')).data)).toEqual(['b1']);
  });

  it('keeps the administrator list and statistics from common users', async () => {
    const refused = await list(alice, '/log/');
    expect(refused.success).toBe(false);
    expect(refused.data).toBeUndefined();
    expect((await alice.get<LogStat>('/log/stat')).success).toBe(false);
  });

  it('sums quota over the window and counts requests and tokens of the last minute', async () => {
    const window = `start_timestamp=${now - 2 * 3600}&end_timestamp=${now + 3600}`;
    // consumption in the window: a1 100 + a2 250 + a3 1000 + b1 40; last minute: a1, a2, b1
    expect((await admin.get<LogStat>(`/log/stat?${window}`)).data).toEqual({ quota: 1390, rpm: 3, tpm: 30 + 10 + 3 });
    expect((await admin.get<LogStat>(`/log/stat?${window}&username=alice`)).data).toEqual({
      quota: 1350,
      rpm: 2,
      tpm: 40,
    });
    expect((await admin.get<LogStat>(`/log/stat?${window}&model_name=gpt-4o`)).data).toEqual({
      quota: 1140,
      rpm: 2,
      tpm: 33,
    });
    // no window: every consumption entry, the old one too
    expect((await alice.get<LogStat>('/log/self/stat')).data).toEqual({ quota: 1357, rpm: 2, tpm: 40 });
    expect((await bob.get<LogStat>(`/log/self/stat?${window}`)).data).toEqual({ quota: 40, rpm: 1, tpm: 3 });
  });

  it('refuses a bad type and a reversed window with a clear message', async () => {
    const badType = await list(admin, '/log/?type=9');
    expect(badType.success).toBe(false);
    expect(badType.message).toBe('Invalid parameter: type must be 0, 1, 2, 3 or 4');
    const reversed = await alice.get<LogStat>(`/log/self/stat?start_timestamp=${now}&end_timestamp=${now - 60}`);
    expect(reversed).toMatchObject({ success: false, message: 'The start time cannot be later than the end time' });
  });

  it('clears entries older than the chosen time for the super administrator only', async () => {
    expect(await root.remove('/log/')).toMatchObject({
      success: false,
      message: 'Choose the date before which logs are cleared',
    });
    expect((await admin.remove(`/log/?target_timestamp=${now - DAY}`)).success).toBe(false);
    expect((await list(admin, '/log/')).data?.total).toBe(6);
    expect(await root.remove(`/log/?target_timestamp=${now - DAY}`)).toMatchObject({ success: true, data: 1 });
    const left = await list(admin, '/log/');
    expect(left.data?.total).toBe(5);
    expect(ids(left.data)).not.toContain('old');
  });
});
