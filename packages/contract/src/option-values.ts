import { optionCatalogue, type JsonShape, type OptionKey } from './options';

/** What is wrong with a value given for an option (each has one message, server and console alike). */
export type OptionProblem =
  | { kind: 'json' }
  | { kind: 'boolean' }
  | { kind: 'number' }
  | { kind: 'minimum'; min: number }
  | { kind: 'choice'; choices: readonly string[] };

/** Options whose value is an address; a trailing slash is dropped when they are saved. */
export const addressOptionKeys: readonly OptionKey[] = ['ServerAddress', 'WorkerUrl', 'PayAddress', 'WeChatServerAddress'];

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

const isPrice = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function hasShape(value: unknown, shape: JsonShape): boolean {
  switch (shape) {
    case 'number-map':
      return isPlainObject(value) && Object.values(value).every(isPrice);
    case 'text-map':
      return isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string');
    case 'chat-list':
      return (
        Array.isArray(value) &&
        value.every((item) => isPlainObject(item) && Object.values(item).every((link) => typeof link === 'string'))
      );
  }
}

/** Whether a text is JSON of the given shape (a map of non-negative numbers, a map of texts, a list of chats). */
export function isJsonOfShape(text: string, shape: JsonShape): boolean {
  try {
    return hasShape(JSON.parse(text), shape);
  } catch {
    return false;
  }
}

/** The value as it is stored: addresses lose a trailing slash; everything else is kept as given. */
export function normaliseOptionValue(key: OptionKey, value: string): string {
  return addressOptionKeys.includes(key) ? value.trim().replace(/\/+$/, '') : value;
}

/** Checks a value against its option's kind; null when it may be saved. */
export function optionValueProblem(key: OptionKey, value: string): OptionProblem | null {
  const definition: { kind: string; shape?: JsonShape; min?: number; choices?: readonly string[] } = optionCatalogue[key];
  switch (definition.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : { kind: 'boolean' };
    case 'number': {
      const number = value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(number)) return { kind: 'number' };
      const min = definition.min ?? 0;
      return number < min ? { kind: 'minimum', min } : null;
    }
    case 'json':
      return isJsonOfShape(value, definition.shape ?? 'number-map') ? null : { kind: 'json' };
    default:
      return definition.choices && !definition.choices.includes(value) ? { kind: 'choice', choices: definition.choices } : null;
  }
}
