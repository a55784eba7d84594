import { formatQuota } from '@switchboard/contract';
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context';
import { nowSeconds, sql } from '../../db/dialect';
import type { UsersTable } from '../../db/tables/users';
import { ledgerOf, LogType } from '../../ledger/index';
import { fill, type Text } from '../../platform/text';
import { UserRepository } from '../user/repository';
import { messages } from '../../platform/i18n/catalogue';

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
 * inviter's pending invite earnings, each with a system log entry.
 */
export async function createUser(context: AppContext, values: NewUser): Promise<number> {
  const users = new UserRepository(context.database);
  const inviter = values.affCode ? await users.findByAffCode(values.affCode) : undefined;
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
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  };
  const id = await users.insert(row);
  await users.assignAffCode(id, randomAffCode);
  await gift(context, id, values.username, context.options.number('QuotaForNewUser'), messages.account.newUserGift);
  if (inviter) {
    await gift(context, id, values.username, context.options.number('QuotaForInvitee'), messages.account.inviteeGift);
    const reward = context.options.number('QuotaForInviter');
    await context.database.db
      .updateTable('users')
      .set({
        aff_quota: sql`aff_quota + ${reward}`,
        aff_history_quota: sql`aff_history_quota + ${reward}`,
        aff_count: sql`aff_count + 1`,
      })
      .where('id', '=', inviter.id)
      .execute();
    if (reward > 0) writeSystemLog(context, inviter.id, inviter.username, reward, messages.account.inviterGift);
    await context.bus.userChanged(inviter.id);
  }
  await context.bus.userChanged(id);
  return id;
}

/** An invitation reward credited to the new user's balance, with its log row. */
async function gift(context: AppContext, userId: number, username: string, amount: number, text: Text): Promise<void> {
  if (amount <= 0) return;
  await ledgerOf(context).credit({
    userId,
    username,
    amount,
    reason: 'reward',
    content: giftText(context, amount, text),
    createdAt: nowSeconds(),
  });
}

/** The inviter's reward goes to the pending invite earnings (not the balance): only its log row. */
function writeSystemLog(context: AppContext, userId: number, username: string, amount: number, text: Text): void {
  context.logs.write({
    user_id: userId,
    username,
    created_at: nowSeconds(),
    type: LogType.System,
    content: giftText(context, amount, text),
    other: '{}',
  });
}

function giftText(context: AppContext, amount: number, text: Text): string {
  const shown = formatQuota(amount, {
    inCurrency: context.options.boolean('DisplayInCurrencyEnabled'),
    quotaPerUnit: context.options.number('QuotaPerUnit'),
  });
  return fill(text, { amount: shown }).zh;
}
