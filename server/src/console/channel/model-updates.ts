import { jsonObjectOf, splitCommaList, type ChannelModelUpdateSettings } from '@switchboard/contract';

/**
 * The rules of upstream model updates (issue 37, reference §10), without I/O: what a channel's
 * upstream list adds and removes, which names are ignored, and a channel's models after applying.
 */

/** Longest `regex:` pattern an ignore list may hold; longer ones never match (they are an administrator's typo). */
const PATTERN_LIMIT = 200;
/** A repeated group that itself repeats, e.g. `(a+)+`: it can backtrack for minutes, so it never matches. */
const NESTED_REPEAT = /\([^)]*[+*}][^)]*\)\s*[+*{]/;

const stringList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
        .map((entry) => entry.trim())
    : [];

/** The upstream-update fields of a setting object, typed; wrong types read as absent. */
export function updateSettingsOf(setting: Record<string, unknown>): Required<ChannelModelUpdateSettings> {
  return {
    upstream_model_update_check_enabled: setting.upstream_model_update_check_enabled === true,
    upstream_model_update_auto_sync_enabled: setting.upstream_model_update_auto_sync_enabled === true,
    upstream_model_update_last_check_time:
      typeof setting.upstream_model_update_last_check_time === 'number'
        ? setting.upstream_model_update_last_check_time
        : 0,
    upstream_model_update_last_detected_models: stringList(setting.upstream_model_update_last_detected_models),
    upstream_model_update_last_removed_models: stringList(setting.upstream_model_update_last_removed_models),
    upstream_model_update_ignored_models: stringList(setting.upstream_model_update_ignored_models),
  };
}

/** A matcher for an ignore list of exact names and `regex:<pattern>` entries; a broken pattern matches nothing. */
export function ignoreMatcher(ignored: string[]): (model: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const entry of ignored) {
    if (!entry.startsWith('regex:')) {
      exact.add(entry);
      continue;
    }
    const source = entry.slice('regex:'.length);
    if (!source || source.length > PATTERN_LIMIT || NESTED_REPEAT.test(source)) continue;
    try {
      patterns.push(new RegExp(source));
    } catch {
      // an invalid pattern ignores nothing
    }
  }
  return (model) => exact.has(model) || patterns.some((pattern) => pattern.test(model));
}

function parseMapping(text: string): Record<string, string> {
  const parsed = jsonObjectOf(text);
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The upstream name a local model is sent as: its mapping followed to the end (a cycle stops where it loops). */
function mappedName(mapping: Record<string, string>, model: string): string {
  let current = model;
  const seen = new Set([current]);
  while (Object.hasOwn(mapping, current)) {
    const next = mapping[current] as string;
    if (!next || seen.has(next)) break;
    seen.add(next);
    current = next;
  }
  return current;
}

export interface PendingChanges {
  /** upstream models the channel does not serve yet, minus the ignored */
  add: string[];
  /** channel models (after mapping) the upstream no longer lists */
  remove: string[];
}

/** Compares the channel's models (with its model mapping) against what the upstream lists. */
export function pendingChanges(
  channel: { models: string; model_mapping: string },
  upstream: string[],
  ignored: string[],
): PendingChanges {
  const local = splitCommaList(channel.models);
  const mapping = parseMapping(channel.model_mapping);
  const served = new Set(local.flatMap((model) => [model, mappedName(mapping, model)]));
  const upstreamSet = new Set(upstream);
  const isIgnored = ignoreMatcher(ignored);
  return {
    add: upstream.filter((model) => !served.has(model) && !isIgnored(model)),
    remove: local.filter((model) => !upstreamSet.has(mappedName(mapping, model))),
  };
}

export interface ApplyChoice {
  add: string[];
  remove: string[];
  ignore: string[];
}

export interface AppliedChanges {
  added: string[];
  removed: string[];
  ignored: string[];
  models: string[];
  settings: Required<ChannelModelUpdateSettings>;
}

/**
 * Applies the chosen names, each limited to what is pending: an add beats a remove of the same name,
 * ignored names join the ignore list (and leave the pending adds), added names leave it.
 */
export function applyChoice(
  models: string,
  settings: Required<ChannelModelUpdateSettings>,
  choice: ApplyChoice,
): AppliedChanges {
  const pendingAdd = new Set(settings.upstream_model_update_last_detected_models);
  const pendingRemove = new Set(settings.upstream_model_update_last_removed_models);
  const added = [...new Set(choice.add)].filter((model) => pendingAdd.has(model));
  const addedSet = new Set(added);
  const removed = [...new Set(choice.remove)].filter((model) => pendingRemove.has(model) && !addedSet.has(model));
  const removedSet = new Set(removed);
  const ignored = [...new Set(choice.ignore)].filter((model) => pendingAdd.has(model) && !addedSet.has(model));
  const ignoredSet = new Set(ignored);
  const local = splitCommaList(models).filter((model) => !removedSet.has(model));
  const localSet = new Set(local);
  const nextModels = [...local, ...added.filter((model) => !localSet.has(model))];
  const ignoreList = settings.upstream_model_update_ignored_models.filter((model) => !addedSet.has(model));
  for (const model of ignored) if (!ignoreList.includes(model)) ignoreList.push(model);
  return {
    added,
    removed,
    ignored,
    models: nextModels,
    settings: {
      ...settings,
      upstream_model_update_last_detected_models: [...pendingAdd].filter(
        (model) => !addedSet.has(model) && !ignoredSet.has(model),
      ),
      upstream_model_update_last_removed_models: [...pendingRemove].filter(
        (model) => !removedSet.has(model) && !addedSet.has(model),
      ),
      upstream_model_update_ignored_models: ignoreList,
    },
  };
}
