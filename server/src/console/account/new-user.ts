import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import type { UsersTable } from '../../db/tables/users';
import { LogType } from '../../ledger/index';
import { fill, type Text } from '../../platform/text';
import { UserRepository, type InviterReward, type NewUserLog, type UserRow } from '../user/repository';
import { messages } from '../../platform/i18n/catalogue';
import { logQuota } from '../credits/log-quota';

const AFF_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random 4-character invite code (the reference's length); uniqueness is the table's to enforce. */
export function randomAffCode(): string {
  return [...randomBytes(4)].map((byte) => AFF_ALPHABET[byte % AFF_ALPHABET.length]).join('');
}

export interface NewUser {
  username: string;
  password: string;
  display_name?: string;
  email?: string;
  github_id?: string;
  linux_do_id?: string;
  oidc_id?: string;
  wechat_id?: string;
  telegram_id?: string;
  /** the inviter's invite code, if any */
  affCode?: string;
}

/**
 * Creates an account (registration or a first third-party sign-in) and pays the gifts:
 * QuotaForNewUser to the new user, QuotaForInvitee to an invited one, and QuotaForInviter to the
 * inviter's pending invite earnings, each with a system log entry. The user, its gifts, the
 * inviter's reward and their log rows are written in one transaction.
 */
export async function createUser(context: AppContext, values: NewUser): Promise<number> {
  const users = new UserRepository(context.database);
  const inviter = values.affCode ? await users.findByAffCode(values.affCode) : undefined;
  const gifts = [
    newUserGift(context, values.username),
    inviter &&
      giftLog(context, values.username, context.options.number('QuotaForInvitee'), messages.account.inviteeGift),
  ].filter((gift) => gift !== undefined);
  const row: Insertable<UsersTable> = {
    username: values.username,
    password: values.password,
    display_name: values.display_name || values.username,
    email: values.email ?? '',
    github_id: values.github_id ?? '',
    linux_do_id: values.linux_do_id ?? '',
    oidc_id: values.oidc_id ?? '',
    wechat_id: values.wechat_id ?? '',
    telegram_id: values.telegram_id ?? '',
    inviter_id: inviter?.id ?? 0,
    quota: gifts.reduce((sum, gift) => sum + gift.amount, 0),
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  };
  const id = await users.insertWithLogs(
    row,
    gifts.map((gift) => gift.log),
    inviter && inviterReward(context, inviter),
  );
  await users.assignAffCode(id, randomAffCode);
  if (inviter) await context.bus.userChanged(inviter.id);
  await context.bus.userChanged(id);
  return id;
}

/** QuotaForNewUser and its log row, for a registration or a user an administrator adds; undefined for none. */
export function newUserGift(context: AppContext, username: string) {
  return giftLog(context, username, context.options.number('QuotaForNewUser'), messages.account.newUserGift);
}

/** A gift to the new user's balance with its log row; none when the option pays nothing. */
function giftLog(context: AppContext, username: string, amount: number, text: Text) {
  if (amount <= 0) return undefined;
  const log: NewUserLog = {
    username,
    created_at: nowSeconds(),
    type: LogType.System,
    content: giftText(context, amount, text),
    other: '{}',
  };
  return { amount, log };
}

/** The inviter's reward goes to the pending invite earnings (not the balance), the invitee is counted even without one. */
function inviterReward(context: AppContext, inviter: UserRow): InviterReward {
  const amount = context.options.number('QuotaForInviter');
  const log = giftLog(context, inviter.username, amount, messages.account.inviterGift)?.log;
  return { inviterId: inviter.id, amount, log: log ? { ...log, user_id: inviter.id } : null };
}

const giftText = (context: AppContext, amount: number, text: Text): string =>
  fill(text, { amount: logQuota(context, amount) }).zh;
