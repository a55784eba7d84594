/** Readers for what the reference's drivers return: bools as 0/1 or true/false, gorm datetimes, nulls. */

export type SourceRow = Record<string, unknown>;

export const text = (value: unknown, fallback = ''): string =>
  value === null || value === undefined ? fallback : value instanceof Date ? value.toISOString() : String(value);

/** Text, or null when blank: unique columns where the reference stores '' (padded in a char column) for "none". */
export const textOrNull = (value: unknown): string | null => {
  const read = text(value).trim();
  return read === '' ? null : read;
};

export function integer(value: unknown, fallback = 0): number {
  if (value === null || value === undefined || value === '') return fallback;
  const number = typeof value === 'bigint' ? Number(value) : Number(value);
  if (!Number.isFinite(number)) return fallback;
  return Math.trunc(number);
}

/** `integer` with a fallback other than 0, as a column reader. */
export const integerOr =
  (fallback: number) =>
  (value: unknown): number =>
    integer(value, fallback);

/** A group name: blank is the default group. */
export const groupName = (value: unknown): string => text(value, 'default') || 'default';

export const flag = (value: unknown): number =>
  value === true || value === 1 || value === '1' || value === 't' || value === 'true' ? 1 : 0;

/** A gorm soft-delete datetime (or unix seconds) as unix seconds; null stays null. */
export function unixSecondsOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Math.trunc(value);
  const time = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return Number.isFinite(time) ? Math.floor(time / 1000) : null;
}

export const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === 0 ||
  value === false ||
  value === '0' ||
  value === '{}';

/** A JSON column as text (PostgreSQL's driver hands json columns over parsed); null stays null. */
export function jsonTextOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return text(value);
}
