import { Role } from '@switchboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../db/dialect';
import { addChannel, addUser } from '../testing/relay-fixtures';
import { referenceConsoleClient, type ReferenceConsoleClient } from '../testing/reference-console-client';
import { drawingRow, taskRow } from '../testing/task-fixtures';
import { signIn, serverForTests } from '../testing/test-server';

/**
 * Issue 31: the reference product's own console (the spec's era) pages, renders and saves against
 * Switchboard. Every call is made as that console makes it (its query strings and bodies, as its
 * network log showed them).
 */
describe('the reference console, second pass', () => {
  const server = serverForTests();
  let root: ReferenceConsoleClient;
  let member: ReferenceConsoleClient;
  let memberId: number;

  beforeAll(async () => {
    root = referenceConsoleClient(server, await signIn(server, 'root', '123456'));
    memberId = await addUser(server, 'painter', { role: Role.Common, quota: 1_000_000 });
    member = referenceConsoleClient(server, await signIn(server, 'painter', 'password123'));
  });

  type Named = { name: string };
  const names = (reply: { data?: Named[] }) => reply.data?.map((item) => item.name);

  it('pages channels from p=0 (page 2 is p=1, not a repeat of page 1)', async () => {
    for (const [index, name] of ['c1', 'c2', 'c3'].entries()) {
      await addChannel(server, { name, baseUrl: 'http://127.0.0.1:9', models: ['gpt-4o'], priority: 10 - index });
    }
    const first = await root<Named[]>('GET', '/api/channel/?p=0&page_size=2&id_sort=false&tag_mode=false');
    expect(first).toMatchObject({ success: true, page: 0, page_size: 2, total: 3 });
    expect(names(first)).toEqual(['c1', 'c2']);
    expect(names(await root<Named[]>('GET', '/api/channel/?p=1&page_size=2&id_sort=false&tag_mode=false'))).toEqual([
      'c3',
    ]);
  });

  it('pages tokens from p=0 by size', async () => {
    for (const name of ['t1', 't2', 't3'])
      expect((await member('POST', '/api/token/', { name, remain_quota: 1, expired_time: -1 })).success).toBe(true);
    const first = await member<Named[]>('GET', '/api/token/?p=0&size=2');
    expect(first).toMatchObject({ page: 0, total: 3 });
    expect(names(first)).toEqual(['t3', 't2']);
    expect(names(await member<Named[]>('GET', '/api/token/?p=1&size=2'))).toEqual(['t1']);
  });

  it('keeps counting p from 1 for users, redemptions and logs', async () => {
    const users = await root<{ items: Array<{ username: string }>; page: number }>('GET', '/api/user/?p=1&page_size=1');
    const second = await root<{ items: Array<{ username: string }>; page: number }>(
      'GET',
      '/api/user/?p=2&page_size=1',
    );
    expect(users.data?.page).toBe(1);
    expect(second.data?.page).toBe(2);
    expect(second.data?.items[0]?.username).not.toBe(users.data?.items[0]?.username);
    expect((await root('GET', '/api/redemption/?p=1&page_size=10')).data).toMatchObject({ page: 1 });
    expect((await root('GET', '/api/log/?p=1&page_size=10')).data).toMatchObject({ page: 1, page_size: 10 });
  });

  describe('drawing and task lists', () => {
    const nowMs = Date.now();
    beforeAll(async () => {
      const db = server.context.database.db;
      const drawings = ['mj-1', 'mj-2', 'mj-3'].map((mjId, index) =>
        drawingRow(memberId, mjId, 4, nowMs - 60_000 + index),
      );
      await db.insertInto('midjourneys').values(drawings).execute();
      const songs = ['task-1', 'task-2', 'task-3'].map((taskId, index) =>
        taskRow(memberId, taskId, 4, nowSeconds() - 60 + index),
      );
      await db.insertInto('tasks').values(songs).execute();
    });

    type Drawing = { mj_id: string };
    type Task = { task_id: string };

    it('answers /api/mj/ and /api/mj/self/ with a plain list paged from p=0', async () => {
      const start = nowMs - 86_400_000;
      const admin = await root<Drawing[]>(
        'GET',
        `/api/mj/?p=0&page_size=2&channel_id=&mj_id=&start_timestamp=${start}&end_timestamp=${nowMs + 60_000}`,
      );
      expect(Array.isArray(admin.data)).toBe(true);
      expect(admin).toMatchObject({ success: true, page: 0, total: 3 });
      expect(admin.data?.map((item) => item.mj_id)).toEqual(['mj-3', 'mj-2']);
      const own = await member<Drawing[]>('GET', '/api/mj/self/?p=1&page_size=2');
      expect(own.data?.map((item) => item.mj_id)).toEqual(['mj-1']);
    });

    it('answers /api/task/ and /api/task/self with a plain list, leaving out end_timestamp=NaN as its first load sends it', async () => {
      const firstLoad = await root<Task[]>(
        'GET',
        `/api/task/?p=0&channel_id=&task_id=&start_timestamp=${nowSeconds() - 86_400}&end_timestamp=NaN`,
      );
      expect(firstLoad).toMatchObject({ success: true, page: 0, total: 3 });
      expect(firstLoad.data?.map((item) => item.task_id)).toEqual(['task-3', 'task-2', 'task-1']);
      const own = await member<Task[]>('GET', '/api/task/self?p=1&page_size=2&start_timestamp=NaN&end_timestamp=NaN');
      expect(own.data?.map((item) => item.task_id)).toEqual(['task-1']);
    });
  });

  it('lists tag groups only in tag mode, so untagged channels do not push them off page 1', async () => {
    const loose = await addChannel(server, {
      name: 'loose',
      baseUrl: 'http://127.0.0.1:9',
      models: ['gpt-4o'],
      priority: 99,
    });
    const red = [
      await addChannel(server, { name: 'red-1', baseUrl: 'http://127.0.0.1:9', models: ['gpt-4o'], priority: 5 }),
      await addChannel(server, { name: 'red-2', baseUrl: 'http://127.0.0.1:9', models: ['gpt-4o'], priority: 4 }),
    ];
    const blue = await addChannel(server, {
      name: 'blue-1',
      baseUrl: 'http://127.0.0.1:9',
      models: ['gpt-4o'],
      priority: 3,
    });
    expect((await root('POST', '/api/channel/batch/tag', { ids: red, tag: 'red' })).success).toBe(true);
    expect((await root('POST', '/api/channel/batch/tag', { ids: [blue], tag: 'blue' })).success).toBe(true);
    const tags = await root<Array<Named & { tag: string | null; id: number }>>(
      'GET',
      '/api/channel/?p=0&page_size=1&id_sort=false&tag_mode=true',
    );
    expect(tags.total).toBe(2);
    expect(names(tags)).toEqual(['red-1', 'red-2']);
    expect(names(await root<Named[]>('GET', '/api/channel/?p=1&page_size=1&id_sort=false&tag_mode=true'))).toEqual([
      'blue-1',
    ]);
    const everyTag = await root<Array<{ id: number; tag: string | null }>>(
      'GET',
      '/api/channel/?p=0&page_size=10&tag_mode=true',
    );
    expect(everyTag.data?.every((channel) => channel.tag)).toBe(true);
    expect(everyTag.data?.map((channel) => channel.id)).not.toContain(loose);
  });

  it('stores "" for an option sent without a value (the payment and WeChat sections), and refuses it where a number is needed', async () => {
    // A payment address needs the server address first (spec 000, issue 41).
    expect(
      (await root('PUT', '/api/option/', { key: 'ServerAddress', value: 'https://gateway.example.com' })).success,
    ).toBe(true);
    for (const key of ['PayAddress', 'EpayId', 'WeChatServerAddress']) {
      expect((await root('PUT', '/api/option/', { key, value: 'https://pay.example.com' })).success).toBe(true);
      const reply = await root('PUT', '/api/option/', { key });
      expect(reply, key).toMatchObject({ status: 200, success: true });
      expect(server.context.options.string(key as 'PayAddress')).toBe('');
    }
    const before = server.context.options.string('SMTPPort');
    expect(await root('PUT', '/api/option/', { key: 'SMTPPort' })).toMatchObject({
      success: false,
      message: 'SMTPPort must be a number',
    });
    expect(server.context.options.string('SMTPPort')).toBe(before);
  });
});
