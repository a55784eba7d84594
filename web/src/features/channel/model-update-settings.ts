import { jsonObjectOf, type ChannelModelUpdateSettings } from '@switchboard/contract';

/** The setting text with one upstream-update switch changed and everything else kept. */
export function withUpdateSwitch(
  text: string,
  field: keyof Pick<
    ChannelModelUpdateSettings,
    'upstream_model_update_check_enabled' | 'upstream_model_update_auto_sync_enabled'
  >,
  on: boolean,
): string {
  return JSON.stringify({ ...jsonObjectOf(text), [field]: on });
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** What the last check left pending, as stored in the setting. */
export function pendingOf(text: string): {
  add: string[];
  remove: string[];
  checkedAt: number;
  checkEnabled: boolean;
  autoSync: boolean;
} {
  const setting = jsonObjectOf(text);
  return {
    add: listOf(setting.upstream_model_update_last_detected_models),
    remove: listOf(setting.upstream_model_update_last_removed_models),
    checkedAt:
      typeof setting.upstream_model_update_last_check_time === 'number'
        ? setting.upstream_model_update_last_check_time
        : 0,
    checkEnabled: setting.upstream_model_update_check_enabled === true,
    autoSync: setting.upstream_model_update_auto_sync_enabled === true,
  };
}
