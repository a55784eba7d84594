import { Role, UserStatus, type UserView } from '@switchboard/contract';
import type { RecordedRequest } from './fetch-mock';
import { ok } from './fetch-mock';

export const rootUser = { id: 1, username: 'root', role: Role.Root };
export const adminUser = { id: 2, username: 'admin', role: Role.Admin };

/** A user as `GET /api/user/` answers it. */
export function userView(values: Partial<UserView> = {}): UserView {
  return {
    id: 5,
    username: 'alice',
    display_name: 'Alice',
    password: '',
    github_id: '',
    wechat_id: '',
    telegram_id: '',
    linux_do_id: '',
    oidc_id: '',
    email: 'alice@example.com',
    quota: 1_000_000,
    used_quota: 250_000,
    request_count: 12,
    group: 'default',
    role: Role.Common,
    status: UserStatus.Enabled,
    aff_code: '',
    aff_count: 3,
    aff_quota: 0,
    aff_history_quota: 500_000,
    inviter_id: 0,
    created_at: 1_900_000_000,
    DeletedAt: null,
    setting: '{}',
    ...values,
  };
}

/** Answers the user administration calls from `users`; `requests` of interest are read from mockFetch's record. */
export function userServer(users: UserView[]) {
  return (request: RecordedRequest) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api/group/') return ok(['default', 'vip']);
    if (path === '/api/user/' && request.method === 'GET')
      return ok({ items: users, page: 1, page_size: 10, total: users.length });
    if (path === '/api/user/search') return ok({ items: users.slice(0, 1), page: 1, page_size: 10, total: 1 });
    if (path === '/api/user/manage') return ok({ status: UserStatus.Disabled, role: Role.Common });
    if (path === '/api/user/self' && request.method === 'GET') return ok(users[0]);
    const byId = /^\/api\/user\/(\d+)$/.exec(path);
    if (byId) return ok(users.find((user) => user.id === Number(byId[1])));
    if (request.method === 'PUT' || request.method === 'POST') return ok();
    return { status: 404, body: { success: false, message: 'no such API' } };
  };
}
