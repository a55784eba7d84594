import { affinityRulesProblem } from './channel-affinity';
import { unsafeLinkScheme } from './chat-links';
import { duplicateJsonKey } from './json-duplicate-keys';
import { optionCatalogue, type JsonShape, type OptionDefinition, type OptionKey } from './options';

/** What is wrong with a value given for an option (each has one message, server and console alike). */
export type OptionProblem =
  | { kind: 'json' }
  | { kind: 'duplicateName'; name: string }
  | { kind: 'negativeEntry'; name: string }
  | { kind: 'entryNotNumber'; name: string }
  | { kind: 'entryNotText'; name: string }
  | { kind: 'boolean' }
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'minimum'; min: number }
  | { kind: 'maximum'; max: number }
  | { kind: 'url' }
  /** a chat link (named) with a script or local-file scheme */
  | { kind: 'unsafeLink'; name: string; scheme: string }
  /** valid JSON of the wrong shape, for shapes whose message says what is expected */
  | { kind: 'shape'; shape: DescribedShape }
  | { kind: 'choice'; choices: readonly string[] }
  | { kind: 'prefix'; prefixes: readonly string[] }
  | { kind: 'notPositive' }
  | { kind: 'groupNameEmpty' }
  | { kind: 'groupNameSpaces'; name: string }
  /** a channel-affinity rule (1-based; 0: the list itself) and its field that does not fit */
  | { kind: 'affinityRule'; rule: number; field: string };

/** Options whose value is an address; a trailing slash is dropped when they are saved. */
export const addressOptionKeys: readonly OptionKey[] = [
  'ServerAddress',
  'WorkerUrl',
  'PayAddress',
  'WeChatServerAddress',
];

/** Options keyed by group name: every name must be filled in and carry no spaces around it (" vip" beside "vip" is a second group). */
export const groupMapOptionKeys: readonly OptionKey[] = ['GroupRatio', 'UserUsableGroups', 'TopupGroupRatio'];

/** The price tables `POST /api/option/rest_model_ratio` puts back to their defaults. */
export const priceTableKeys: readonly OptionKey[] = [
  'ModelRatio',
  'CompletionRatio',
  'ModelPrice',
  'AudioRatio',
  'AudioCompletionRatio',
  'CacheRatio',
  'CreateCacheRatio',
];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The thresholds Gemini's `safetySettings` accept (OFF and BLOCK_NONE both let everything through). */
export const geminiSafetyThresholds = [
  'OFF',
  'BLOCK_NONE',
  'BLOCK_ONLY_HIGH',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_LOW_AND_ABOVE',
  'HARM_BLOCK_THRESHOLD_UNSPECIFIED',
] as const;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n]*$/;
const API_VERSION = /^v\d+((alpha|beta)\d*)?$/;

const mapOf = (value: unknown, isEntry: (item: unknown) => boolean): boolean =>
  isPlainObject(value) && Object.values(value).every(isEntry);
const isHeaderList = (headers: unknown): boolean =>
  isPlainObject(headers) &&
  Object.entries(headers).every(
    ([name, values]) =>
      HEADER_NAME.test(name) &&
      Array.isArray(values) &&
      values.every((item) => typeof item === 'string' && HEADER_VALUE.test(item)),
  );

const LARGEST_LIMIT = 2_147_483_647;
const isLimit = (value: unknown, min: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= LARGEST_LIMIT;
/** One group's model request limit, as the reference keeps it: [total count (0 = no limit), success count (at least 1)]. */
const isGroupLimit = (value: unknown): boolean =>
  Array.isArray(value) && value.length === 2 && isLimit(value[0], 0) && isLimit(value[1], 1);

/** Shapes whose refusal names what is expected instead of "not valid JSON". */
export type DescribedShape =
  'model-header-map' | 'model-token-map' | 'model-safety-map' | 'model-version-map' | 'rate-limit-map';

/** The first entry of a map of numbers or texts that does not fit, named. */
function entryProblem(value: Record<string, unknown>, shape: 'number-map' | 'text-map'): OptionProblem | null {
  for (const [name, item] of Object.entries(value)) {
    if (shape === 'text-map') {
      if (typeof item !== 'string') return { kind: 'entryNotText', name };
    } else if (typeof item !== 'number' || !Number.isFinite(item)) {
      return { kind: 'entryNotNumber', name };
    } else if (item < 0) {
      return { kind: 'negativeEntry', name };
    }
  }
  return null;
}

/** What is wrong with a parsed value of the shape: a named entry, the shape described, or plain 'json'. */
function shapeProblem(value: unknown, shape: JsonShape): OptionProblem | null {
  switch (shape) {
    case 'number-map':
    case 'text-map':
      return isPlainObject(value) ? entryProblem(value, shape) : { kind: 'json' };
    case 'chat-list': {
      const fits =
        Array.isArray(value) &&
        value.every((item) => isPlainObject(item) && Object.values(item).every((link) => typeof link === 'string'));
      if (!fits) return { kind: 'json' };
      for (const [name, link] of value.flatMap((item: Record<string, string>) => Object.entries(item))) {
        const scheme = unsafeLinkScheme(link);
        if (scheme !== null) return { kind: 'unsafeLink', name, scheme };
      }
      return null;
    }
    case 'rate-limit-map':
      return isPlainObject(value) && Object.values(value).every(isGroupLimit) ? null : { kind: 'shape', shape };
    case 'model-header-map':
      return mapOf(value, isHeaderList) ? null : { kind: 'shape', shape };
    case 'model-token-map':
      return mapOf(value, (item) => Number.isSafeInteger(item) && (item as number) >= 1)
        ? null
        : { kind: 'shape', shape };
    case 'model-safety-map':
      return mapOf(value, (item) => (geminiSafetyThresholds as readonly unknown[]).includes(item))
        ? null
        : { kind: 'shape', shape };
    case 'model-version-map':
      return mapOf(value, (item) => typeof item === 'string' && API_VERSION.test(item))
        ? null
        : { kind: 'shape', shape };
    case 'affinity-rules': {
      const problem = affinityRulesProblem(value);
      return problem ? { kind: 'affinityRule', ...problem } : null;
    }
  }
}

/**
 * What is wrong with a JSON option's text: not JSON at all, a name given twice in one map (JSON.parse
 * would silently keep the last), the first entry of the wrong kind or below zero, or (for shapes whose
 * message says what they expect) the wrong shape; null when it fits.
 */
export function jsonValueProblem(text: string, shape: JsonShape): OptionProblem | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'json' };
  }
  const duplicate = duplicateJsonKey(text);
  if (duplicate !== null) return { kind: 'duplicateName', name: duplicate };
  return shapeProblem(value, shape);
}

/** The first group name of a parsed JSON map that is empty or has spaces around it. */
function groupNameProblem(text: string): OptionProblem | null {
  for (const name of Object.keys(JSON.parse(text) as Record<string, unknown>)) {
    if (name.trim() === '') return { kind: 'groupNameEmpty' };
    if (name !== name.trim()) return { kind: 'groupNameSpaces', name };
  }
  return null;
}

const isHttpAddress = (text: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** The value as it is stored: addresses lose a trailing slash; everything else is kept as given. */
export function normaliseOptionValue(key: OptionKey, value: string): string {
  return addressOptionKeys.includes(key) ? value.trim().replace(/\/+$/, '') : value;
}

/** Checks a value against its option's kind; null when it may be saved. */
export function optionValueProblem(key: OptionKey, value: string): OptionProblem | null {
  const definition: OptionDefinition = optionCatalogue[key];
  switch (definition.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : { kind: 'boolean' };
    case 'number': {
      const number = value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(number)) return { kind: 'number' };
      if (definition.integer && !Number.isInteger(number)) return { kind: 'integer' };
      const min = definition.min ?? 0;
      if (number < min) return { kind: 'minimum', min };
      if (definition.positive && number <= 0) return { kind: 'notPositive' };
      return definition.max !== undefined && number > definition.max ? { kind: 'maximum', max: definition.max } : null;
    }
    case 'json':
      return (
        jsonValueProblem(value, definition.shape ?? 'number-map') ??
        (groupMapOptionKeys.includes(key) ? groupNameProblem(value) : null)
      );
    default:
      if (definition.url && value.trim() !== '' && !isHttpAddress(value.trim())) return { kind: 'url' };
      if (definition.link) {
        const scheme = unsafeLinkScheme(value);
        if (scheme !== null) return { kind: 'unsafeLink', name: key, scheme };
      }
      if (definition.prefixes && value !== '' && !definition.prefixes.some((prefix) => value.startsWith(prefix)))
        return { kind: 'prefix', prefixes: definition.prefixes };
      return definition.choices && !definition.choices.includes(value)
        ? { kind: 'choice', choices: definition.choices }
        : null;
  }
}
