import type { SessionUser, UserView } from '@switchboard/contract';
import type { UserRow } from './repository';

/** The console's view of a user: the password is always blank, the access token never leaves. */
export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    password: '',
    github_id: row.github_id,
    wechat_id: row.wechat_id,
    telegram_id: row.telegram_id,
    linux_do_id: row.linux_do_id,
    oidc_id: row.oidc_id,
    email: row.email,
    quota: row.quota,
    used_quota: row.used_quota,
    request_count: row.request_count,
    group: row.group,
    role: row.role,
    status: row.status,
    aff_code: row.aff_code ?? '',
    aff_count: row.aff_count,
    aff_quota: row.aff_quota,
    aff_history_quota: row.aff_history_quota,
    inviter_id: row.inviter_id,
    created_at: row.created_at,
    DeletedAt: row.deleted_at,
    setting: row.setting,
  };
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    group: row.group,
  };
}
