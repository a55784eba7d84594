import { pageOfPlainList, type MidjourneyView, type PageData, type TaskView } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { signIn, describeOnEachDatabase } from '../../testing/test-server';
import { setOptions } from '../../testing/account-fixtures';
import { consoleCaller, signedInCaller, type ConsoleCaller } from '../../testing/log-fixtures';
import { drawingRow, taskRow } from '../../testing/task-fixtures';

const DAY_SECONDS = 86_400;

await describeOnEachDatabase('task lists on %s', (server) => {
  let admin: ConsoleCaller;
  let alice: ConsoleCaller;
  let bob: ConsoleCaller;
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  const mjIds = (page: PageData<MidjourneyView> | undefined) => page?.items.map((item) => item.mj_id);
  const taskIds = (page: PageData<TaskView> | undefined) => page?.items.map((item) => item.task_id);
  // `data` is the plain list, as the reference's console reads it; the paging facts travel beside it.
  const listed = <T>(reply: { success: boolean; data?: T[] }): PageData<T> | undefined => {
    if (!reply.success) return undefined;
    expect(Array.isArray(reply.data)).toBe(true);
    return pageOfPlainList(reply);
  };
  const drawings = async (caller: ConsoleCaller, path: string) => listed(await caller.get<MidjourneyView[]>(path));
  const tasks = async (caller: ConsoleCaller, path: string) => listed(await caller.get<TaskView[]>(path));

  beforeAll(async () => {
    admin = consoleCaller(server, await signIn(server, 'root', '123456'));
    const aliceUser = await signedInCaller(server, 'alice');
    const bobUser = await signedInCaller(server, 'bob');
    alice = aliceUser.caller;
    bob = bobUser.caller;
    // Rows go straight into the tables, as the relay's submit and polling would leave them; ids rise in this order.
    await server.context.database.db
      .insertInto('midjourneys')
      .values([
        drawingRow(aliceUser.id, 'mj-old', 5, nowMs - 40 * DAY_SECONDS * 1000),
        drawingRow(aliceUser.id, 'mj-a1', 5, nowMs - 3_600_000),
        {
          ...drawingRow(aliceUser.id, 'mj-a2', 6, nowMs - 60_000),
          status: 'FAILURE',
          progress: '0%',
          fail_reason: 'banned prompt',
          image_url: null,
        },
        drawingRow(bobUser.id, 'mj-b1', 5, nowMs - 30_000),
      ])
      .execute();
    await server.context.database.db
      .insertInto('tasks')
      .values([
        taskRow(aliceUser.id, 'task-yesterday', 7, now - DAY_SECONDS),
        taskRow(aliceUser.id, 'task-a1', 7, now - 120),
        { ...taskRow(aliceUser.id, 'task-a2', 8, now - 60), action: 'LYRICS', status: '', progress: '', data: null },
        taskRow(bobUser.id, 'task-b1', 7, now - 30),
      ])
      .execute();
  });

  it('lists every drawing task to administrators newest first, paged from p=0, with channel ids', async () => {
    const all = await drawings(admin, '/mj/?p=0&page_size=10');
    expect(all).toMatchObject({ page: 0, page_size: 10, total: 4 });
    expect(mjIds(all)).toEqual(['mj-b1', 'mj-a2', 'mj-a1', 'mj-old']);
    expect(all?.items.find((item) => item.mj_id === 'mj-a2')).toMatchObject({
      channel_id: 6,
      status: 'FAILURE',
      fail_reason: 'banned prompt',
      prompt: 'a cat mj-a2',
      image_url: '',
      code: 1,
      action: 'IMAGINE',
    });
    const second = await drawings(admin, '/mj?p=1&page_size=3');
    expect(second).toMatchObject({ page: 1, page_size: 3, total: 4 });
    expect(mjIds(second)).toEqual(['mj-old']);
  });

  it('filters drawing tasks by channel, task id and a window of milliseconds', async () => {
    expect(mjIds(await drawings(admin, '/mj/?channel_id=5'))).toEqual(['mj-b1', 'mj-a1', 'mj-old']);
    expect(mjIds(await drawings(admin, '/mj/?mj_id=mj-a1'))).toEqual(['mj-a1']);
    const window = `start_timestamp=${nowMs - 30 * DAY_SECONDS * 1000}&end_timestamp=${nowMs - 45_000}`;
    expect(mjIds(await drawings(admin, `/mj/?${window}`))).toEqual(['mj-a2', 'mj-a1']);
  });

  it('shows users only their own drawing tasks, without channel ids, whatever channel they ask for', async () => {
    const own = await drawings(alice, '/mj/self/?channel_id=6');
    expect(own?.total).toBe(3);
    expect(mjIds(own)).toEqual(['mj-a2', 'mj-a1', 'mj-old']);
    expect(own?.items.map((item) => item.channel_id)).toEqual([0, 0, 0]);
    expect(mjIds(await drawings(bob, '/mj/self?mj_id=mj-a1'))).toEqual([]);
    expect(mjIds(await drawings(bob, '/mj/self'))).toEqual(['mj-b1']);
    const refused = await alice.get<MidjourneyView[]>('/mj/');
    expect(refused.success).toBe(false);
    expect(refused.data).toBeUndefined();
  });

  it('points images at the gateway proxy when MjForwardUrlEnabled is on (relative without a ServerAddress), and at the upstream when it is off', async () => {
    await setOptions(server, { MjForwardUrlEnabled: true, ServerAddress: 'https://gateway.example.com/' });
    const forwarded = await drawings(alice, '/mj/self/?mj_id=mj-a1');
    expect(forwarded?.items[0]?.image_url).toBe('https://gateway.example.com/mj/image/mj-a1');
    await setOptions(server, { ServerAddress: '' });
    const relative = await drawings(alice, '/mj/self/?mj_id=mj-a1');
    expect(relative?.items[0]?.image_url).toBe('/mj/image/mj-a1');
    const withoutImage = await drawings(alice, '/mj/self/?mj_id=mj-a2');
    expect(withoutImage?.items[0]?.image_url).toBe('');
    await setOptions(server, { MjForwardUrlEnabled: false });
    const direct = await drawings(alice, '/mj/self/?mj_id=mj-a1');
    expect(direct?.items[0]?.image_url).toBe('https://cdn.example.com/mj-a1.png');
  });

  it('lists every async task to administrators with its data as JSON and never the private data', async () => {
    const all = await tasks(admin, '/task/?p=0&page_size=2');
    expect(all).toMatchObject({ page: 0, page_size: 2, total: 4 });
    expect(taskIds(await tasks(admin, '/task/?p=1&page_size=2'))).toEqual(['task-a1', 'task-yesterday']);
    expect(taskIds(all)).toEqual(['task-b1', 'task-a2']);
    const submitting = all?.items[1];
    expect(submitting).toMatchObject({ channel_id: 8, platform: 'suno', action: 'LYRICS', status: '', data: null });
    expect(submitting).not.toHaveProperty('private_data');
    const finished = (await tasks(admin, '/task/?task_id=task-a1'))?.items[0];
    expect(finished?.data).toEqual([
      { id: 'task-a1', title: 'Song', audio_url: 'https://cdn.example.com/task-a1.mp3' },
    ]);
    expect(JSON.stringify(finished)).not.toContain('upstream-secret');
  });

  it('filters async tasks by channel, task id and a window of seconds', async () => {
    expect(taskIds(await tasks(admin, '/task/?channel_id=7'))).toEqual(['task-b1', 'task-a1', 'task-yesterday']);
    expect(taskIds(await tasks(admin, `/task/?start_timestamp=${now - 3600}&end_timestamp=${now - 45}`))).toEqual([
      'task-a2',
      'task-a1',
    ]);
  });

  it('shows users only their own async tasks, without channel ids', async () => {
    const own = await tasks(alice, '/task/self?channel_id=8');
    expect(taskIds(own)).toEqual(['task-a2', 'task-a1', 'task-yesterday']);
    expect(own?.items.map((item) => item.channel_id)).toEqual([0, 0, 0]);
    expect(taskIds(await tasks(bob, '/task/self/?task_id=task-a1'))).toEqual([]);
    expect((await bob.get<TaskView[]>('/task/')).success).toBe(false);
  });

  it('refuses a reversed window with a clear message, and leaves out a filter it cannot read (as the reference)', async () => {
    const reversed = await alice.get(`/task/self?start_timestamp=${now}&end_timestamp=${now - 60}`);
    expect(reversed).toMatchObject({ success: false, message: 'The start time cannot be later than the end time' });
    const reversedDrawing = await admin.get(`/mj/?start_timestamp=${nowMs}&end_timestamp=${nowMs - 60_000}`);
    expect(reversedDrawing).toMatchObject({
      success: false,
      message: 'The start time cannot be later than the end time',
    });
    // The reference's console sends end_timestamp=NaN on its first load.
    expect(taskIds(await tasks(admin, `/task/?p=0&start_timestamp=${now - 3600}&end_timestamp=NaN`))).toEqual([
      'task-b1',
      'task-a2',
      'task-a1',
    ]);
    expect(taskIds(await tasks(alice, '/task/self?p=&start_timestamp=&end_timestamp=NaN'))).toEqual([
      'task-a2',
      'task-a1',
      'task-yesterday',
    ]);
    expect(mjIds(await drawings(admin, '/mj/?channel_id=abc&end_timestamp=NaN'))).toEqual([
      'mj-b1',
      'mj-a2',
      'mj-a1',
      'mj-old',
    ]);
  });
  it("reads the gateway's own fail reasons in the caller's language, and upstream reasons as written", async () => {
    const rootHeaders = await signIn(server, 'root', '123456');
    const [zh, en] = [consoleCaller(server, rootHeaders, 'zh'), consoleCaller(server, rootHeaders, 'en')];
    await server.context.database.db
      .insertInto('midjourneys')
      // An earlier version stored the timeout in English.
      .values({
        user_id: 1,
        mj_id: 'mj-timeout',
        channel_id: 6,
        submit_time: nowMs,
        action: 'IMAGINE',
        code: 1,
        status: 'FAILURE',
        progress: '0%',
        prompt: 'x',
        fail_reason: 'The task timed out',
      })
      .execute();
    await server.context.database.db
      .insertInto('tasks')
      .values({
        task_id: 'task-timeout',
        platform: 'suno',
        user_id: 1,
        channel_id: 7,
        submit_time: now,
        action: 'MUSIC',
        status: 'FAILURE',
        progress: '100%',
        fail_reason: '任务超时',
      })
      .execute();
    for (const [caller, text] of [
      [zh, '任务超时'],
      [en, 'The task timed out'],
    ] as const) {
      expect((await drawings(caller, '/mj/?mj_id=mj-timeout'))?.items[0]?.fail_reason).toBe(text);
      expect((await tasks(caller, '/task/?task_id=task-timeout'))?.items[0]?.fail_reason).toBe(text);
    }
    expect((await drawings(zh, '/mj/?mj_id=mj-a2'))?.items[0]?.fail_reason).toBe('banned prompt');
  });
});
