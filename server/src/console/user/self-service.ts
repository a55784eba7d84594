import {
  jsonObjectOf,
  parseJsonLeniently,
  formatQuota,
  isEmailAddress,
  isRoot,
  userSettingSchema,
  type SelfUpdateRequest,
  type UsableGroup,
  type UserSetting,
} from '@switchboard/contract';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { fill } from '../../platform/text';
import { randomAffCode } from '../account/new-user';
import { usableGroups } from '../token/token-fields';
import { checkedDisplayName } from '../user-admin/fields';
import { transferAffEarnings } from './aff-transfers';
import { checkedPassword, checkedUsername } from './credentials';
import { UserRepository, type UserRow } from './repository';
import { messages } from '../../platform/i18n/catalogue';

const ACCESS_TOKEN_LENGTH = 32;

/** What a signed-in user does with their own account (spec 000 §7, own profile). */
export class SelfService {
  private readonly users: UserRepository;

  constructor(private readonly context: AppContext) {
    this.users = new UserRepository(context.database);
  }

  /** The row with the balance as the balance authority knows it (the column may lag a batch). */
  async withLiveQuota(user: UserRow): Promise<UserRow> {
    return { ...user, quota: await this.context.balances.userQuota(user.id) };
  }

  /**
   * Changes the username (same rules as an administrator's edit), the display name and, with the
   * current password, the password. Every field is checked before anything is written. A new
   * password ends the user's other sessions and the system access token: the answer is then the new session epoch, for the
   * caller's own cookie to be reissued with.
   */
  async update(user: UserRow, request: SelfUpdateRequest): Promise<{ sessionEpoch: number | null }> {
    const changes: { username?: string; display_name?: string; password?: string } = {};
    if (request.username !== undefined) {
      const username = checkedUsername(request.username);
      if (username !== user.username) {
        if (await this.users.usernameTaken(username, user.id)) throw new AppError(messages.credential.usernameTaken);
        changes.username = username;
      }
    }
    if (request.display_name !== undefined) {
      changes.display_name = checkedDisplayName(request.display_name, changes.username ?? user.username);
    }
    if (request.password) {
      checkedPassword(request.password);
      if (!request.original_password) throw new AppError(messages.self.originalPasswordRequired);
      if (!(await verifyPassword(request.original_password, user.password)))
        throw new AppError(messages.self.originalPasswordWrong);
      changes.password = await hashPassword(request.password);
    }
    if (Object.keys(changes).length === 0) return { sessionEpoch: null };
    try {
      await this.users.update(user.id, changes);
    } catch (error) {
      // The unique index caught another account taking the name since the check.
      if (changes.username && (await this.users.usernameTaken(changes.username, user.id)))
        throw new AppError(messages.credential.usernameTaken);
      throw error;
    }
    const sessionEpoch = changes.password ? await this.users.endSessionsAndAccessToken(user.id) : null;
    await this.context.bus.userChanged(user.id);
    return { sessionEpoch };
  }

  /** Deregisters the caller (irreversible) and ends their sessions; the super administrator cannot leave. */
  async deregister(user: UserRow): Promise<void> {
    if (isRoot(user.role)) throw new AppError(messages.self.rootCannotLeave);
    await this.users.update(user.id, { deleted_at: nowSeconds(), access_token: null });
    await this.users.endSessions(user.id);
    await this.context.bus.userChanged(user.id);
  }

  /** A new system access token, replacing the old one. */
  async newAccessToken(user: UserRow): Promise<string> {
    const token = randomBytes(32)
      .toString('base64')
      .replace(/[^0-9A-Za-z]/g, '')
      .slice(0, ACCESS_TOKEN_LENGTH);
    await this.users.update(user.id, { access_token: token });
    await this.context.bus.userChanged(user.id);
    return token;
  }

  affCode(user: UserRow): Promise<string> {
    return user.aff_code ? Promise.resolve(user.aff_code) : this.users.assignAffCode(user.id, randomAffCode);
  }

  /** Moves pending invite earnings into the balance, all or nothing, also across a crash (aff-transfers.ts). */
  async transferAffQuota(user: UserRow, amount: number): Promise<void> {
    const quotaPerUnit = this.context.options.number('QuotaPerUnit');
    if (!Number.isSafeInteger(amount) || amount < quotaPerUnit) {
      const minimum = formatQuota(quotaPerUnit, {
        inCurrency: this.context.options.boolean('DisplayInCurrencyEnabled'),
        quotaPerUnit,
      });
      throw new AppError(fill(messages.self.transferMinimum, { amount: minimum }));
    }
    if (!(await transferAffEarnings(this.context, user, amount))) throw new AppError(messages.self.affQuotaShort);
  }

  /**
   * Saves the notification settings. A field not given keeps its stored value, so choosing email
   * keeps the webhook address and secret for a later switch back: the type only picks the channel.
   */
  async saveSetting(user: UserRow, given: UserSetting): Promise<void> {
    const setting = { ...parseJsonLeniently(userSettingSchema, user.setting, {}), ...definedFieldsOf(given) };
    const threshold = setting.quota_warning_threshold;
    if (threshold !== undefined && (!Number.isSafeInteger(threshold) || threshold < 0))
      throw new AppError(messages.self.thresholdInvalid);
    const webhook = setting.webhook_url?.trim() ?? '';
    // Plain http only where internal receivers are allowed (WebhookInternalAddressEnabled).
    const allowHttp = this.context.options.boolean('WebhookInternalAddressEnabled');
    if (setting.notify_type === 'webhook' && !isWebhookUrl(webhook, allowHttp))
      throw new AppError(messages.self.webhookInvalid);
    if (webhook !== '' && !isWebhookUrl(webhook, allowHttp)) throw new AppError(messages.self.webhookInvalid);
    const email = setting.notification_email?.trim() ?? '';
    if (email !== '' && !isEmailAddress(email)) throw new AppError(messages.self.notificationEmailInvalid);
    const stored = {
      // Settings of other areas (the billing preference of subscriptions) are kept as they are.
      ...jsonObjectOf(user.setting),
      notify_type: setting.notify_type ?? 'email',
      quota_warning_threshold: threshold ?? 0,
      webhook_url: webhook,
      webhook_secret: setting.webhook_secret ?? '',
      notification_email: email,
      accept_unset_model_ratio_model: setting.accept_unset_model_ratio_model ?? false,
    };
    await this.users.update(user.id, { setting: JSON.stringify(stored) });
    await this.context.bus.userChanged(user.id);
  }

  /** Distinct enabled models of the channels serving any group the user may use. */
  async usableModels(user: UserRow): Promise<string[]> {
    const groups = [...usableGroups(this.context, user.group)];
    if (groups.length === 0) return [];
    const rows = await this.context.database.db
      .selectFrom('abilities')
      .select('model')
      .distinct()
      .where('group', 'in', groups)
      .where('enabled', '=', 1)
      .orderBy('model')
      .execute();
    return rows.map((row) => row.model);
  }

  /** The groups the user may choose, each with its ratio and description. */
  usableGroupsOf(user: UserRow): Record<string, UsableGroup> {
    const ratios = this.context.options.json<Record<string, number>>('GroupRatio') ?? {};
    const descriptions = this.context.options.json<Record<string, string>>('UserUsableGroups') ?? {};
    const groups: Record<string, UsableGroup> = {};
    for (const name of usableGroups(this.context, user.group)) {
      groups[name] = { ratio: typeof ratios[name] === 'number' ? ratios[name] : 1, desc: descriptions[name] ?? name };
    }
    return groups;
  }
}

function definedFieldsOf(setting: UserSetting): UserSetting {
  return Object.fromEntries(Object.entries(setting).filter(([, value]) => value !== undefined && value !== null));
}

function isWebhookUrl(value: string, allowHttp: boolean): boolean {
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'https:' || (allowHttp && protocol === 'http:');
  } catch {
    return false;
  }
}
