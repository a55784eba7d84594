import type { Caller } from './channel-fixtures';

export type OptionEntry = { key: string; value: string };

/** The option calls of an administrator's console caller: save one option, read one back from the list. */
export function optionCalls(root: Caller) {
  return {
    put: (key: string, value: unknown, language: 'zh' | 'en' = 'en') =>
      root('PUT', '/api/option/', { key, value }, language),
    stored: async (key: string) =>
      (await root<OptionEntry[]>('GET', '/api/option/')).data?.find((entry) => entry.key === key)?.value,
  };
}
