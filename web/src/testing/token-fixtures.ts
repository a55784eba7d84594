import { TokenStatus, type TokenView } from '@switchboard/contract';
import type { RecordedRequest } from './fetch-mock';
import { ok } from './fetch-mock';

export const signedInUser = { id: 7, username: 'alice', role: 1 };

/** A token as the server answers it; the key is 48 characters. */
export function tokenView(values: Partial<TokenView> = {}): TokenView {
  return {
    id: 1,
    user_id: signedInUser.id,
    key: 'a'.repeat(24) + 'B'.repeat(24),
    status: TokenStatus.Enabled,
    name: 'first',
    created_time: 1_900_000_000,
    accessed_time: 1_900_000_000,
    expired_time: -1,
    remain_quota: 500_000,
    unlimited_quota: false,
    model_limits_enabled: false,
    model_limits: '',
    allow_ips: '',
    used_quota: 0,
    group: '',
    rpm_limit: 0,
    tpm_limit: 0,
    ...values,
  };
}

/** Answers the calls the token page and drawer make; `created` collects the POST bodies, `updated` the PUT bodies. */
export function tokenServer(
  tokens: TokenView[],
  created: unknown[] = [],
  updated: unknown[] = [],
  wholeKeys: Record<number, string> = {},
) {
  return (request: RecordedRequest) => {
    const path = request.url.split('?')[0] ?? '';
    const single = /^\/api\/token\/(\d+)\/key$/.exec(path);
    if (single && request.method === 'POST') return ok({ key: wholeKeys[Number(single[1])] });
    if (path === '/api/token/batch/keys' && request.method === 'POST') {
      const ids = (request.body as { ids: number[] }).ids;
      return ok({
        keys: Object.fromEntries(ids.filter((id) => wholeKeys[id]).map((id) => [String(id), wholeKeys[id]])),
      });
    }
    if (path === '/api/user/models') return ok(['gpt-4o', 'gpt-4o-mini']);
    if (path === '/api/user/self/groups')
      return ok({ default: { desc: 'Default', ratio: 1 }, vip: { desc: 'VIP', ratio: 2 } });
    if (path === '/api/token/' && request.method === 'POST') {
      created.push(request.body);
      return ok([tokenView({ id: 99, name: 'created' })]);
    }
    if (path === '/api/token/' && request.method === 'PUT') {
      updated.push(request.body);
      return ok(tokenView({ ...(request.body as Partial<TokenView>) }));
    }
    if (path === '/api/token/' || path === '/api/token/search') {
      return ok(tokens, { page: 1, page_size: 10, total: tokens.length });
    }
    return { status: 404, body: { success: false, message: 'no such API' } };
  };
}
