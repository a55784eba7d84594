import { describe, expect, it } from 'vitest';
import { parseChangeset } from './changeset';

const withColumn = (column: string) => ({ addColumns: { users: { added: column } } });

describe('a changeset', () => {
  it.each([
    'identity',
    'id not null unique',
    'varchar(64) primary key',
    "varchar(64) not null default ''",
    "short text not null default '{}'",
    'bigint not null default -1',
    'long text',
  ])('takes the column %s', (column) => {
    expect(parseChangeset(withColumn(column)).addColumns.users?.added).toBe(column);
  });

  it.each([
    'identity not null',
    'bigint default 0 not null',
    'varchar not null',
    'bigint not null default zero',
    'jsonb',
  ])('refuses the column %s', (column) => {
    expect(() => parseChangeset(withColumn(column))).toThrow(/not a column/);
  });

  it('refuses a field it does not know, so a misspelt one is not skipped', () => {
    expect(() => parseChangeset({ createTable: {} })).toThrow();
    expect(() => parseChangeset({ createIndexes: { idx_users_email: { on: 'users', column: ['email'] } } })).toThrow();
  });
});
