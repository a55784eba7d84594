import { QUOTA_PER_UNIT as UNIT } from '@switchboard/contract';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/dialect';
import { saveOptions } from '../../testing/console-client';
import { systemLogRows, usersNamed } from '../../testing/crash-counts';
import {
  ANSWERS_BEFORE_KILL,
  callsUntilRefused,
  testAcrossCrashes,
  rootOfProcess,
  visitorOfProcess,
} from '../../testing/crash-database';

const ROOT_ID = 1;
/** Visitors registering at once. */
const CLIENTS = 16;
const KILLS = 3;
const GIFTS = { QuotaForNewUser: UNIT, QuotaForInvitee: 2 * UNIT, QuotaForInviter: 3 * UNIT };

/** Each registered user's balance and gift log rows, and the inviter's (root's) earnings and reward log rows. */
async function registrations(database: Database) {
  const users = await usersNamed(database, 'inv');
  const newUserLogs = await systemLogRows(database, '新用户注册赠送');
  const inviteeLogs = await systemLogRows(database, '使用邀请码赠送');
  const inviterLogs = await systemLogRows(database, '邀请用户赠送');
  const inviter = await database.db
    .selectFrom('users')
    .select(['aff_quota', 'aff_history_quota', 'aff_count'])
    .where('id', '=', ROOT_ID)
    .executeTakeFirstOrThrow();
  return {
    users: users.map(({ id, quota }) => ({ quota, newUserLogs: newUserLogs(id), inviteeLogs: inviteeLogs(id) })),
    inviter: {
      affQuota: toNumber(inviter.aff_quota),
      affHistory: toNumber(inviter.aff_history_quota),
      affCount: toNumber(inviter.aff_count),
      logRows: inviterLogs(ROOT_ID),
    },
  };
}

/**
 * Visitors register with the root's invite code while the server is SIGKILLed, several times: every
 * user that exists has both gifts and one log row for each, and the root's invite earnings, count
 * and reward log rows match the users invited. (Before, the user was inserted first and its gifts
 * credited after, and the inviter's reward was written apart from its log row, which went through
 * the log queue: a kill in between lost a gift, or kept a reward without its record.)
 */
await testAcrossCrashes(
  'registrations across a SIGKILL',
  'every registered user has its gifts, and the inviter a reward for each, all with their log rows',
  async (sandbox) => {
    const { database, server: first } = await sandbox.start({ CRITICAL_RATE_LIMIT: '1000000' });
    const root = await rootOfProcess(first);
    await saveOptions(root, GIFTS);
    const affCode = (await root<string>('GET', '/user/aff')).data ?? '';
    await sandbox.killUnderLoad(KILLS, async (server, round) => {
      const visitor = visitorOfProcess(server);
      return callsUntilRefused(CLIENTS, async (client, serial) => {
        const body = { username: `inv${round}-${client}-${serial}`, password: 'password123', aff_code: affCode };
        return (await visitor('POST', '/user/register', body)).success;
      });
    });
    const { users, inviter } = await registrations(database);
    sandbox.report(`${users.length} users registered`);
    expect(users.length).toBeGreaterThan(KILLS * ANSWERS_BEFORE_KILL);
    const gifts = GIFTS.QuotaForNewUser + GIFTS.QuotaForInvitee;
    expect(users.filter((user) => user.quota !== gifts || user.newUserLogs !== 1 || user.inviteeLogs !== 1)).toEqual(
      [],
    );
    const reward = GIFTS.QuotaForInviter * users.length;
    expect(inviter).toEqual({ affQuota: reward, affHistory: reward, affCount: users.length, logRows: users.length });
  },
);
