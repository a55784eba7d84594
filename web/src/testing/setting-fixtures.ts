import { isSecretOptionKey, optionCatalogue, optionKeys } from '@switchboard/contract';
import { ok, type RecordedRequest } from './fetch-mock';

export const rootUser = { id: 1, username: 'root', role: 100 };
export const plainUser = { id: 2, username: 'plain', role: 1 };

/** What `GET /api/option/` lists for a fresh server (no secrets), with some values replaced. */
export function storedOptions(overrides: Record<string, string> = {}) {
  return optionKeys
    .filter((key) => !isSecretOptionKey(key))
    .map((key) => ({ key, value: overrides[key] ?? optionCatalogue[key].default }));
}

/** A fake option API: lists `stored`; a PUT is refused with `refuse(key)` (a message), else stored. */
export function optionServer(stored = storedOptions(), refuse: (key: string) => string | null = () => null) {
  return (request: RecordedRequest) => {
    if (request.url.startsWith('/api/option/') && request.method === 'PUT') {
      const { key } = request.body as { key: string };
      const reason = refuse(key);
      if (reason) return { body: { success: false, message: reason } };
      const { value } = request.body as { value: string };
      const entry = stored.find((item) => item.key === key);
      if (entry) entry.value = value;
      return ok();
    }
    if (request.url.startsWith('/api/option/')) return ok(stored);
    return ok('');
  };
}

export const putsOf = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method === 'PUT')
    .map((request) => request.body as { key: string; value: string });
