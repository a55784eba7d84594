import type { Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { usersAndOptions } from './001-users-options';

/** The one migration set, in order; names sort lexically. Each area appends its own file. */
export function migrations(kind: DatabaseKind): Record<string, Migration> {
  return {
    '001-users-options': usersAndOptions(kind),
  };
}
