import type { OptionValues } from '../options-api';

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
  const tables = { price: tableOf(options, 'price'), ratio: tableOf(options, 'ratio'), completion: tableOf(options, 'completion') };
  const names = new Set([...Object.keys(tables.price), ...Object.keys(tables.ratio), ...Object.keys(tables.completion)]);
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return [...names].sort().map((name) => ({
    name,
    price: text(tables.price[name]),
    ratio: text(tables.ratio[name]),
    completion: text(tables.completion[name]),
  }));
}

/** Blank (not set) or a non-negative number: what a price cell accepts ("please enter a number"). */
export function isNumberText(text: string): boolean {
  if (text.trim() === '') return true;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0;
}

export type NameProblem = 'required' | 'duplicate' | null;

export function nameProblem(name: string, rows: ModelRatioRow[]): NameProblem {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  return rows.some((row) => row.name === trimmed) ? 'duplicate' : null;
}

/** The three option values the rows stand for (blank cells are left out of their table). */
export function optionValuesOf(rows: ModelRatioRow[]): OptionValues {
  const collect = (column: RatioColumn) =>
    JSON.stringify(Object.fromEntries(rows.filter((row) => row[column].trim() !== '').map((row) => [row.name, Number(row[column])])));
  return { ModelPrice: collect('price'), ModelRatio: collect('ratio'), CompletionRatio: collect('completion') };
}

/** The stored values with only the tables whose content changed replaced (key order and spacing aside). */
export function withChangedTables(before: OptionValues, after: OptionValues): OptionValues {
  const changed: OptionValues = { ...before };
  for (const key of ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const) {
    const normal = (text: string | undefined) => {
      try {
        const value = JSON.parse(text ?? '{}') as Record<string, number>;
        return JSON.stringify(Object.fromEntries(Object.entries(value).sort(([left], [right]) => left.localeCompare(right))));
      } catch {
        return text;
      }
    };
    if (normal(before[key]) !== normal(after[key])) changed[key] = after[key];
  }
  return changed;
}
