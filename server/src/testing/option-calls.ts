import type { Caller } from './channel-fixtures';

export type OptionEntry = { key: string; value: string };

/** The console's option list (`GET /api/option/`) as one map of key to stored value. */
export function optionsByKey(entries: OptionEntry[] | undefined): Record<string, string> {
  return Object.fromEntries((entries ?? []).map((entry) => [entry.key, entry.value]));
}

/** The option calls of an administrator's console caller: save one option, read the list or one back from it. */
export function optionCalls(root: Caller) {
  const listed = async () => optionsByKey((await root<OptionEntry[]>('GET', '/api/option/')).data);
  return {
    put: (key: string, value: unknown, language: 'zh' | 'en' = 'en') =>
      root('PUT', '/api/option/', { key, value }, language),
    listed,
    stored: async (key: string): Promise<string | undefined> => (await listed())[key],
  };
}
