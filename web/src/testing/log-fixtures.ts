import type { LogView, UserView } from '@switchboard/contract';
import { ok, type RecordedRequest } from './fetch-mock';

export { adminUser, commonUser } from './signed-in-users';

/** A consumption entry as the server answers it. */
export function logView(values: Partial<LogView> = {}): LogView {
  return {
    id: 1,
    user_id: 7,
    created_at: 1_900_000_000,
    type: 2,
    content: '',
    username: 'alice',
    token_name: 'main',
    token_id: 3,
    model_name: 'gpt-4o',
    quota: 56,
    prompt_tokens: 10,
    completion_tokens: 20,
    use_time: 150,
    is_stream: true,
    channel: 5,
    channel_name: 'primary',
    group: 'vip',
    ip: '',
    request_id: 'req-1',
    other: JSON.stringify({
      model_ratio: 1.25,
      completion_ratio: 4,
      group_ratio: 0.5,
      model_price: -1,
      frt: 2500,
      is_model_mapped: true,
      upstream_model_name: 'gpt-4o-2024-08-06',
      admin_info: { use_channel: ['4', '5'] },
    }),
    ...values,
  };
}

export const aliceInfo = {
  id: 7,
  username: 'alice',
  quota: 1_500_000,
  used_quota: 250_000,
  request_count: 42,
  group: 'vip',
} as UserView;

/** Answers the log page's calls from `entries`, the stat and `GET /api/user/7`. */
export function logServer(entries: LogView[]) {
  return (request: RecordedRequest) => {
    const path = new URL(request.url, 'http://console.test').pathname;
    if (path === '/api/log/' || path === '/api/log/self/')
      return ok({ items: entries, page: 1, page_size: 10, total: entries.length });
    if (path === '/api/log/stat' || path === '/api/log/self/stat') return ok({ quota: 1_000_000, rpm: 3, tpm: 1234 });
    if (path === '/api/user/7') return ok(aliceInfo);
    return { status: 404, body: { success: false, message: 'no such API' } };
  };
}
