import { QUOTA_PER_UNIT as UNIT } from '@switchboard/contract';
import { expect, it } from 'vitest';
import { LogType } from '../../ledger/index';
import { setOptions } from '../../testing/account-fixtures';
import { callerForTests } from '../../testing/channel-fixtures';
import { userLogsOfType } from '../../testing/log-queries';
import { describeOnEachDatabase } from '../../testing/test-server';
import { UserRepository } from '../user/repository';
import { createUser } from './new-user';

/**
 * The gifts of a new account and the inviter's reward, as the database holds them the moment the
 * account exists: no log row waits in the log queue to be written later.
 */
await describeOnEachDatabase('a new account on %s', (server) => {
  const root = callerForTests(server);
  const users = () => new UserRepository(server.context.database);
  const systemLogs = async (userId: number) =>
    (await userLogsOfType(server, userId, LogType.System)).map((log) => log.content);
  const invited = async (username: string) => {
    const inviterId = await createUser(server.context, { username: `${username}-by`, password: 'x' });
    const inviter = await users().findById(inviterId);
    const id = await createUser(server.context, { username, password: 'x', affCode: inviter?.aff_code ?? '' });
    return { invitee: await users().findById(id), inviter: await users().findById(inviterId) };
  };

  it('holds the gifts in its balance and their log rows, and the inviter its reward with its log row', async () => {
    await setOptions(server, { QuotaForNewUser: UNIT, QuotaForInvitee: 2 * UNIT, QuotaForInviter: 3 * UNIT });
    const { invitee, inviter } = await invited('gifted');
    expect(invitee).toMatchObject({ quota: 3 * UNIT, inviter_id: inviter?.id });
    expect(await systemLogs(invitee?.id ?? 0)).toEqual([
      '新用户注册赠送 ＄1.000000 额度',
      '使用邀请码赠送 ＄2.000000 额度',
    ]);
    expect(inviter).toMatchObject({ quota: UNIT, aff_quota: 3 * UNIT, aff_history_quota: 3 * UNIT, aff_count: 1 });
    expect(await systemLogs(inviter?.id ?? 0)).toEqual([
      '新用户注册赠送 ＄1.000000 额度',
      '邀请用户赠送 ＄3.000000 额度',
    ]);
  });

  it('a user an administrator adds gets the same gift and log row as a registration', async () => {
    await setOptions(server, { QuotaForNewUser: UNIT });
    expect(await root('POST', '/api/user/', { username: 'added', password: '12345678' })).toMatchObject({
      success: true,
    });
    const added = await users().findByLogin('added');
    expect(added?.quota).toBe(UNIT);
    expect(await systemLogs(added?.id ?? 0)).toEqual(['新用户注册赠送 ＄1.000000 额度']);
  });

  it('without gifts: no quota and no log rows, and the inviter still counts the invitee', async () => {
    await setOptions(server, { QuotaForNewUser: 0, QuotaForInvitee: 0, QuotaForInviter: 0 });
    const { invitee, inviter } = await invited('plain');
    expect(invitee?.quota).toBe(0);
    expect(await systemLogs(invitee?.id ?? 0)).toEqual([]);
    expect(inviter).toMatchObject({ quota: 0, aff_quota: 0, aff_history_quota: 0, aff_count: 1 });
    expect(await systemLogs(inviter?.id ?? 0)).toEqual([]);
  });
});
