import {
  Role,
  UserStatus,
  type PageData,
  type UserCreateRequest,
  type UserManageRequest,
  type UserManageResult,
  type UserUpdateRequest,
  type UserView,
} from '@switchboard/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import type { UsersTable } from '../../db/tables/users';
import { AppError } from '../../platform/errors';
import { LogType, type LogEntry } from '../../ledger/index';
import { hashPassword } from '../../platform/password';
import type { UserRow } from '../user/repository';
import { toUserView } from '../user/user-view';
import { checkedPassword, checkedUsername } from '../user/credentials';
import { checkedDisplayName, checkedGroup } from './fields';
import { creationRefusalOf, refusalOf, type Party, type UserAction } from './permissions';
import { applyQuotaChange, plannedQuota } from './quota-change';
import { UserAdminRepository, type UserFilter } from './repository';
import { messages } from '../../platform/i18n/catalogue';

/** User administration (spec 000 §2, §4 to §7; issue 4). Every rule of §6 goes through `refusalOf`. */
export class UserAdminService {
  private readonly users: UserAdminRepository;

  constructor(private readonly context: AppContext) {
    this.users = new UserAdminRepository(context.database);
  }

  async list(filter: UserFilter, page: number, pageSize: number): Promise<PageData<UserView>> {
    const [total, rows] = await Promise.all([
      this.users.countMatching(filter),
      this.users.page(filter, (page - 1) * pageSize, pageSize),
    ]);
    return { items: await Promise.all(rows.map((row) => this.view(row))), page, page_size: pageSize, total };
  }

  async get(caller: Party, id: number): Promise<UserView> {
    return this.view(await this.permitted(caller, id, 'read'));
  }

  async create(caller: Party, request: UserCreateRequest): Promise<void> {
    if (!request.username?.trim() || !request.password) throw new AppError(messages.credential.credentialsRequired);
    const username = checkedUsername(request.username);
    const password = checkedPassword(request.password);
    const displayName = checkedDisplayName(request.display_name ?? '', username);
    const role = request.role ?? Role.Common;
    const refusal = creationRefusalOf(caller.role, role);
    if (refusal) throw new AppError(refusal);
    if (await this.users.usernameTaken(username)) throw new AppError(messages.credential.usernameTaken);
    const quota = Math.max(0, Math.trunc(this.context.options.number('QuotaForNewUser')));
    const now = nowSeconds();
    const starting: Omit<LogEntry, 'user_id'> = {
      username,
      created_at: now,
      type: LogType.System,
      content: `新用户注册赠送 ${quota} 点额度`,
      other: '{}',
    };
    await this.users.insertWithLog(
      {
        username,
        display_name: displayName,
        password: await hashPassword(password),
        role,
        status: UserStatus.Enabled,
        quota,
        access_token: null,
        aff_code: null,
        created_at: now,
        deleted_at: null,
      },
      quota > 0 ? starting : null,
    );
  }

  /** Changes the fields given; every field is checked before anything is written. */
  async update(caller: Party, request: UserUpdateRequest): Promise<void> {
    const target = await this.permitted(caller, request.id, 'update');
    const changes: Updateable<UsersTable> = {};
    if (request.username !== undefined) {
      const username = checkedUsername(request.username);
      if (username !== target.username && (await this.users.usernameTaken(username, target.id)))
        throw new AppError(messages.credential.usernameTaken);
      changes.username = username;
    }
    if (request.display_name !== undefined) {
      changes.display_name = checkedDisplayName(request.display_name, changes.username ?? target.username);
    }
    if (request.group !== undefined) {
      changes.group = checkedGroup(
        request.group,
        target.group,
        this.context.options.json<Record<string, unknown>>('GroupRatio') ?? {},
      );
    }
    const password = request.password ? checkedPassword(request.password) : null;
    const quotaChange = { quota: request.quota, add: request.add_quota };
    await plannedQuota(this.context, target.id, quotaChange);

    if (password !== null) changes.password = await hashPassword(password);
    if (Object.keys(changes).length > 0) await this.users.update(target.id, changes);
    if (password !== null) await this.users.endSessionsAndAccessToken(target.id);
    try {
      await applyQuotaChange(
        this.context,
        { id: target.id, username: changes.username ?? target.username },
        quotaChange,
      );
    } finally {
      await this.announce(target.id);
    }
  }

  async manage(caller: Party, request: UserManageRequest): Promise<UserManageResult> {
    const target = await this.permitted(caller, request.id, request.action);
    const result: UserManageResult = { status: target.status, role: target.role };
    switch (request.action) {
      case 'promote':
        result.role = Role.Admin;
        break;
      case 'demote':
        result.role = Role.Common;
        break;
      case 'disable':
        result.status = UserStatus.Disabled;
        await this.users.endSessions(target.id);
        break;
      case 'enable':
        result.status = UserStatus.Enabled;
        break;
      case 'delete':
        if (!(await this.users.softDelete(target.id))) throw new AppError(messages.userAdmin.deregistered);
        await this.users.endSessions(target.id);
        await this.announce(target.id);
        return result;
    }
    await this.users.update(target.id, result);
    await this.announce(target.id);
    return result;
  }

  /** The target user, once §6 allows `action` on them; a deregistered user allows nothing but reading. */
  private async permitted(caller: Party, id: number, action: UserAction): Promise<UserRow> {
    const target = await this.users.findById(id);
    if (!target) throw new AppError(messages.common.userNotFound);
    const refusal = refusalOf(caller, target, action);
    if (refusal) throw new AppError(refusal);
    if (action !== 'read' && target.deleted_at !== null) throw new AppError(messages.userAdmin.deregistered);
    return target;
  }

  /** The stored row with the live balance from the balance authority (the row may lag by a batch). */
  private async view(row: UserRow): Promise<UserView> {
    return { ...toUserView(row), quota: await this.context.balances.userQuota(row.id) };
  }

  private announce(id: number): Promise<void> {
    return this.context.bus.userChanged(id);
  }
}
