import type { CheckinResult, CheckinStatus } from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleClient, saveOptions, type ConsoleClient } from '../../testing/console-client';
import { flushAll } from '../../testing/relay-fixtures';
import { signIn, describeOnEachDatabase } from '../../testing/test-server';
import { newMember } from '../../testing/token-fixtures';
import { quotaOf } from '../../testing/wallet-fixtures';
import { localDate } from './checkin-service';

await describeOnEachDatabase('daily check-in on %s', (server) => {
  let root: ConsoleClient;
  const user = (name: string) => newMember(server, name);

  beforeAll(async () => {
    root = consoleClient(server, await signIn(server, 'root', '123456'));
  });

  it('is refused in both languages while disabled, and /api/status says it is off', async () => {
    const eve = await user('eve');
    expect(await eve.call('POST', '/user/checkin')).toMatchObject({
      success: false,
      message: 'Check-in is not enabled',
    });
    expect(await eve.zh('GET', '/user/checkin')).toMatchObject({ success: false, message: '签到功能未启用' });
    expect((await root<{ checkin_enabled: boolean }>('GET', '/status')).data?.checkin_enabled).toBe(false);
    expect((await quotaOf(server, eve.id)).live).toBe(0);
  });

  it('credits a reward within the bounds once a day, with a system log, and shows it in the month', async () => {
    await saveOptions(root, {
      'checkin_setting.enabled': 'true',
      'checkin_setting.min_quota': '500',
      'checkin_setting.max_quota': '700',
    });
    expect((await root<{ checkin_enabled: boolean }>('GET', '/status')).data?.checkin_enabled).toBe(true);
    const fay = await user('fay');
    const reply = await fay.call<CheckinResult>('POST', '/user/checkin');
    expect(reply.success).toBe(true);
    const awarded = reply.data?.quota_awarded ?? 0;
    expect(awarded).toBeGreaterThanOrEqual(500);
    expect(awarded).toBeLessThanOrEqual(700);
    expect(reply.data?.checkin_date).toBe(localDate());
    expect(await quotaOf(server, fay.id)).toEqual({ live: awarded, stored: awarded });
    expect(await fay.zh('POST', '/user/checkin')).toMatchObject({ success: false, message: '今日已签到' });
    expect((await quotaOf(server, fay.id)).live).toBe(awarded);

    await flushAll(server);
    const logs = await server.context.database.db
      .selectFrom('logs')
      .select(['type', 'content'])
      .where('user_id', '=', fay.id)
      .execute();
    const shown = `＄${(awarded / 500_000).toFixed(6)} 额度`;
    expect(logs).toEqual([{ type: 4, content: `用户签到，获得额度 ${shown}` }]);

    const status = await fay.call<CheckinStatus>('GET', `/user/checkin?month=${localDate().slice(0, 7)}`);
    expect(status.data).toEqual({
      enabled: true,
      min_quota: 500,
      max_quota: 700,
      stats: {
        total_quota: awarded,
        total_checkins: 1,
        checkin_count: 1,
        checked_in_today: true,
        records: [{ checkin_date: localDate(), quota_awarded: awarded }],
      },
    });
    const lastYear = await fay.call<CheckinStatus>('GET', '/user/checkin?month=2020-01');
    expect(lastYear.data?.stats).toMatchObject({ total_checkins: 1, checkin_count: 0, records: [] });
    expect(await fay.call('GET', '/user/checkin?month=2020-13')).toMatchObject({
      success: false,
      message: 'The month must be written YYYY-MM',
    });
  });

  it('credits one of 20 parallel check-ins of one user, once', async () => {
    await saveOptions(root, { 'checkin_setting.min_quota': '900', 'checkin_setting.max_quota': '900' });
    const gus = await user('gus');
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => gus.call<CheckinResult>('POST', '/user/checkin')),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    for (const reply of replies.filter((answer) => !answer.success)) {
      expect(['You have already checked in today', 'Check-in failed, please retry later']).toContain(reply.message);
    }
    expect(await quotaOf(server, gus.id)).toEqual({ live: 900, stored: 900 });
  });
});
