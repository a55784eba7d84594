import type { TFunction } from 'i18next';
import type { OptionValues } from '../../../api/resources/options';

/** One model of the visual ratio table; values are the texts typed (blank = not set). */
export interface ModelRatioRow {
  name: string;
  price: string;
  ratio: string;
  completion: string;
}

export type RatioColumn = 'price' | 'ratio' | 'completion';

const TABLE_KEYS = { price: 'ModelPrice', ratio: 'ModelRatio', completion: 'CompletionRatio' } as const;

function tableOf(options: OptionValues, column: RatioColumn): Record<string, number> {
  try {
    const value = JSON.parse(options[TABLE_KEYS[column]] ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Every model named in any of the three tables, sorted by name. */
export function rowsOf(options: OptionValues): ModelRatioRow[] {
  const tables = {
    price: tableOf(options, 'price'),
    ratio: tableOf(options, 'ratio'),
    completion: tableOf(options, 'completion'),
  };
  const names = new Set([
    ...Object.keys(tables.price),
    ...Object.keys(tables.ratio),
    ...Object.keys(tables.completion),
  ]);
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return [...names].sort().map((name) => ({
    name,
    price: text(tables.price[name]),
    ratio: text(tables.ratio[name]),
    completion: text(tables.completion[name]),
  }));
}

export type NumberProblem = 'notNumber' | 'negative' | null;

/** What is wrong with a cell's text: not a number ("please enter a number"), or below zero (the JSON editor's wording); blank is "not set". */
export function numberProblem(text: string): NumberProblem {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return 'notNumber';
  return value < 0 ? 'negative' : null;
}

/** The message of a cell's problem, in the words the JSON editor and the server use for the same rule. */
export function numberProblemText(t: TFunction, problem: NumberProblem, name: string): string | null {
  if (problem === 'notNumber') return t('ratioEditor.notNumber');
  if (problem === 'negative') return t('validation.json.negativeEntry', { name });
  return null;
}

/** Blank (not set) or a non-negative number: what a price cell accepts. */
export const isNumberText = (text: string): boolean => numberProblem(text) === null;

/** The first row with neither a fixed price nor a model ratio: saving would drop it from every table. */
export const unpricedRow = (rows: ModelRatioRow[]): ModelRatioRow | undefined =>
  rows.find((row) => row.price.trim() === '' && row.ratio.trim() === '');

export type NameProblem = 'required' | 'duplicate' | null;

export function nameProblem(name: string, rows: ModelRatioRow[]): NameProblem {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  return rows.some((row) => row.name === trimmed) ? 'duplicate' : null;
}

/** The three option values the rows stand for (blank cells are left out of their table). */
export function optionValuesOf(rows: ModelRatioRow[]): OptionValues {
  const collect = (column: RatioColumn) =>
    JSON.stringify(
      Object.fromEntries(rows.filter((row) => row[column].trim() !== '').map((row) => [row.name, Number(row[column])])),
    );
  return { ModelPrice: collect('price'), ModelRatio: collect('ratio'), CompletionRatio: collect('completion') };
}

/** The stored values with only the tables whose content changed replaced (key order and spacing aside). */
export function withChangedTables(before: OptionValues, after: OptionValues): OptionValues {
  const changed: OptionValues = { ...before };
  for (const key of ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const) {
    const normal = (text: string | undefined) => {
      try {
        const value = JSON.parse(text ?? '{}') as Record<string, number>;
        return JSON.stringify(
          Object.fromEntries(Object.entries(value).sort(([left], [right]) => left.localeCompare(right))),
        );
      } catch {
        return text;
      }
    };
    if (normal(before[key]) !== normal(after[key])) changed[key] = after[key];
  }
  return changed;
}
