import { RedemptionStatus, type PageData, type RedemptionView } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { signIn, describeOnEachDatabase } from '../../testing/test-server';
import { signInNewUser } from '../../testing/token-fixtures';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { countOf } from '../../db/table-queries';

await describeOnEachDatabase('redemption administration on %s', (server) => {
  let root: ConsoleClient;
  let rootZh: ConsoleClient;
  let user: ConsoleClient;

  beforeAll(async () => {
    const headers = await signIn(server, 'root', '123456');
    root = consoleClient(server, headers);
    rootZh = consoleClient(server, headers, 'zh');
    user = consoleClient(server, await signInNewUser(server, 'user1'));
  });

  const countRows = () => countOf(server.context.database.db.selectFrom('redemptions'));
  const findByName = async (name: string): Promise<RedemptionView[]> =>
    (
      await root<PageData<RedemptionView>>(
        'GET',
        `/redemption/search?keyword=${encodeURIComponent(name)}&p=1&page_size=100`,
      )
    ).data?.items ?? [];
  const createOne = async (body: Record<string, unknown>): Promise<RedemptionView> => {
    const reply = await root<string[]>('POST', '/redemption/', { count: 1, ...body });
    const code = (await findByName(String(body.name))).find((item) => item.key === reply.data?.[0]);
    if (!code) throw new Error(`creation refused: ${reply.message}`);
    return code;
  };

  it('creates a batch of distinct 32-character codes and answers them', async () => {
    const reply = await root<string[]>('POST', '/redemption/', { name: 'batch', quota: 250_000, count: 5 });
    expect(reply.success).toBe(true);
    expect(reply.data).toHaveLength(5);
    expect(new Set(reply.data).size).toBe(5);
    for (const key of reply.data ?? []) expect(key).toMatch(/^[0-9a-f]{32}$/);
    const stored = await findByName('batch');
    expect(stored.map((code) => code.key).sort()).toEqual([...(reply.data ?? [])].sort());
    expect(
      stored.every(
        (code) => code.quota === 250_000 && code.status === RedemptionStatus.Unused && code.used_user_id === 0,
      ),
    ).toBe(true);
  });

  it('names a code after its formatted quota when the name is empty', async () => {
    const reply = await root<string[]>('POST', '/redemption/', { name: '  ', quota: 1_500_000, count: 1 });
    const [code] = await findByName('$3.00');
    expect(code?.key).toBe(reply.data?.[0]);
  });

  it.each([
    [
      { name: 'x'.repeat(21), quota: 1, count: 1 },
      'The redemption code name must be 1 to 20 characters long',
      '兑换码名称长度必须在 1 到 20 个字符之间',
    ],
    [{ name: 'n', quota: 1, count: 0 }, 'The number of codes must be greater than 0', '兑换码个数必须大于 0'],
    [
      { name: 'n', quota: 1, count: 101 },
      'At most 100 codes can be created in one batch',
      '一次最多只能生成 100 个兑换码',
    ],
    [{ name: 'n', quota: 1, count: 1.5 }, 'The number of codes must be a whole number', '兑换码个数必须是整数'],
    [{ name: 'n', quota: -1, count: 1 }, 'The quota cannot be negative', '额度不能为负数'],
    [{ name: 'n', quota: 0.5, count: 1 }, 'The quota must be a whole number', '额度必须是整数'],
  ])('refuses %j, creating nothing', async (body, en, zh) => {
    const before = await countRows();
    expect(await root('POST', '/redemption/', body)).toMatchObject({ success: false, message: en });
    expect(await rootZh('POST', '/redemption/', body)).toMatchObject({ success: false, message: zh });
    expect(await countRows()).toBe(before);
  });

  it('accepts a name of exactly 20 characters, counting characters rather than bytes', async () => {
    const name = '兑'.repeat(20);
    expect((await root<string[]>('POST', '/redemption/', { name, quota: 0, count: 100 })).data).toHaveLength(100);
  });

  it('pages newest first and searches by id or part of the name', async () => {
    const first = await createOne({ name: 'Paging One', quota: 1 });
    const second = await createOne({ name: 'paging two', quota: 2 });
    const page = await root<PageData<RedemptionView>>('GET', '/redemption/?p=1&page_size=1');
    expect(page.data).toMatchObject({ page: 1, page_size: 1, total: await countRows() });
    expect(page.data?.items.map((code) => code.id)).toEqual([second.id]);
    expect((await findByName('PAGING')).map((code) => code.id)).toEqual([second.id, first.id]);
    const byId = await root<PageData<RedemptionView>>('GET', `/redemption/search?keyword=${first.id}`);
    expect(byId.data?.items.map((code) => code.id)).toContain(first.id);
    expect((await root<RedemptionView>('GET', `/redemption/${first.id}`)).data).toMatchObject({
      name: 'Paging One',
      quota: 1,
    });
  });

  it('edits an unused code, and refuses to edit a used one', async () => {
    const code = await createOne({ name: 'editable', quota: 10 });
    const edited = await root<RedemptionView>('PUT', '/redemption/', { id: code.id, name: 'edited', quota: 20 });
    expect(edited).toMatchObject({ success: true, data: { name: 'edited', quota: 20, key: code.key } });
    expect(await root('PUT', '/redemption/', { id: code.id, name: 'y'.repeat(21) })).toMatchObject({
      success: false,
      message: 'The redemption code name must be 1 to 20 characters long',
    });
    expect((await user('POST', '/user/topup', { key: code.key })).success).toBe(true);
    expect(await root('PUT', '/redemption/', { id: code.id, name: 'again', quota: 99 })).toMatchObject({
      success: false,
      message: 'Only an unused code can be edited',
    });
    expect(await rootZh('PUT', '/redemption/', { id: code.id, quota: 99 })).toMatchObject({
      success: false,
      message: '只能编辑未使用的兑换码',
    });
    expect((await root<RedemptionView>('GET', `/redemption/${code.id}`)).data).toMatchObject({
      name: 'edited',
      quota: 20,
    });
  });

  it('saves an edit or a status that changes nothing', async () => {
    const code = await createOne({ name: 'steady', quota: 5 });
    expect((await root('PUT', '/redemption/', { id: code.id, name: 'steady', quota: 5 })).success).toBe(true);
    expect((await root('PUT', '/redemption/?status_only=true', { id: code.id, status: 1 })).success).toBe(true);
  });

  it('disables and enables an unused code; a used code cannot be enabled', async () => {
    const code = await createOne({ name: 'toggle', quota: 10 });
    expect(
      (await root<RedemptionView>('PUT', '/redemption/?status_only=true', { id: code.id, status: 2 })).data?.status,
    ).toBe(2);
    expect(
      (await root<RedemptionView>('PUT', '/redemption/?status_only=true', { id: code.id, status: 1 })).data?.status,
    ).toBe(1);
    expect(await root('PUT', '/redemption/?status_only=true', { id: code.id, status: 3 })).toMatchObject({
      success: false,
      message: 'A code can only be set to enabled or disabled',
    });
    await user('POST', '/user/topup', { key: code.key });
    expect(await root('PUT', '/redemption/?status_only=true', { id: code.id, status: 1 })).toMatchObject({
      success: false,
      message: 'A used code cannot be enabled',
    });
    expect(await rootZh('PUT', '/redemption/?status_only=true', { id: code.id, status: 1 })).toMatchObject({
      success: false,
      message: '已使用的兑换码不能启用',
    });
    expect((await root<RedemptionView>('GET', `/redemption/${code.id}`)).data?.status).toBe(RedemptionStatus.Used);
  });

  it('deletes a code, then answers not found', async () => {
    const code = await createOne({ name: 'doomed', quota: 1 });
    expect((await root('DELETE', `/redemption/${code.id}/`)).success).toBe(true);
    expect(await root('GET', `/redemption/${code.id}`)).toMatchObject({
      success: false,
      message: 'Redemption code not found',
    });
    expect(await root('DELETE', `/redemption/${code.id}/`)).toMatchObject({
      success: false,
      message: 'Redemption code not found',
    });
  });

  it('is for administrators only', async () => {
    const before = await countRows();
    expect(await user('GET', '/redemption/')).toMatchObject({
      success: false,
      message: 'No permission: insufficient role',
    });
    expect((await user('POST', '/redemption/', { name: 'mine', quota: 1, count: 1 })).success).toBe(false);
    expect(await countRows()).toBe(before);
  });
});
