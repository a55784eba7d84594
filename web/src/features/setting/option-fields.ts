import { isSecretOptionKey, optionCatalogue, type OptionKey, type OptionProblem } from '@switchboard/contract';
import type { TFunction } from 'i18next';

/** How an option is edited in a settings section. */
export type FieldKind = 'text' | 'secret' | 'switch' | 'number' | 'textarea' | 'json' | 'select';

export interface OptionField {
  key: OptionKey;
  kind: FieldKind;
}

export type FormValues = Record<string, string | number | boolean | null | undefined>;

function defaultKind(key: OptionKey): FieldKind {
  const definition: { kind: string; choices?: readonly string[] } = optionCatalogue[key];
  if (definition.kind === 'boolean') return 'switch';
  if (definition.kind === 'number') return 'number';
  if (definition.kind === 'json') return 'json';
  if (definition.choices) return 'select';
  return isSecretOptionKey(key) ? 'secret' : 'text';
}

/** Fields of a section from their keys: the catalogue's kind decides the editor, secrets get a password box. */
export function fieldsOf(keys: OptionKey[], overrides: Partial<Record<OptionKey, FieldKind>> = {}): OptionField[] {
  return keys.map((key) => ({ key, kind: overrides[key] ?? defaultKind(key) }));
}

/** The form's starting values from the stored strings. */
export function formValuesOf(fields: OptionField[], stored: Partial<Record<OptionKey, string>>): FormValues {
  return Object.fromEntries(
    fields.map(({ key, kind }) => {
      const value = stored[key] ?? '';
      if (kind === 'switch') return [key, value === 'true'];
      if (kind === 'number') return [key, value === '' ? null : Number(value)];
      if (kind === 'json') return [key, prettyJson(value)];
      return [key, value];
    }),
  );
}

/** The form's values as the strings the server stores; a pretty-printed JSON that did not change compares equal. */
export function storedValuesOf(fields: OptionField[], values: FormValues, stored: Partial<Record<OptionKey, string>>) {
  return Object.fromEntries(
    fields.map(({ key, kind }) => {
      const value = values[key];
      if (kind === 'json') {
        const text = String(value ?? '');
        return [key, sameJson(text, stored[key] ?? '') ? (stored[key] ?? '') : text];
      }
      if (value === null || value === undefined) return [key, ''];
      return [key, String(value)];
    }),
  ) as Partial<Record<OptionKey, string>>;
}

export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function sameJson(left: string, right: string): boolean {
  try {
    return JSON.stringify(JSON.parse(left)) === JSON.stringify(JSON.parse(right));
  } catch {
    return false;
  }
}

/** The message shown under a field, in the server's words without the option's name (the label says it). */
export function optionProblemText(t: TFunction, problem: OptionProblem): string {
  switch (problem.kind) {
    case 'shape':
      return t(`validation.shapes.${problem.shape}`);
    case 'json':
    case 'duplicateName':
    case 'negativeEntry':
    case 'entryNotNumber':
    case 'entryNotText':
    case 'groupNameEmpty':
    case 'groupNameSpaces':
      return t(`validation.json.${problem.kind}`, { name: 'name' in problem ? problem.name : '' });
    case 'number':
    case 'integer':
    case 'notPositive':
      return t(`validation.number.${problem.kind}`);
    case 'minimum':
      return t('validation.number.minimum', { min: problem.min });
    case 'maximum':
      return t('validation.number.maximum', { max: problem.max });
    case 'prefix':
      return t('validation.prefix', { prefixes: problem.prefixes.join(' / ') });
    default:
      return t('validation.checkInput');
  }
}
