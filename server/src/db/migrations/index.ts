import type { Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { usersAndOptions } from './001-users-options';
import { relayTables } from './002-relay-tables';
import { accountCodes } from './030-account-codes';
import { logIndexes } from './050-log-indexes';
import { redemptionsTable } from './060-redemptions';
import { topUpsTable } from './061-top-ups';

/** The one migration set, in order; names sort lexically. Each area appends its own file. */
export function migrations(kind: DatabaseKind): Record<string, Migration> {
  return {
    '001-users-options': usersAndOptions(kind),
    '002-relay-tables': relayTables(kind),
    '030-account-codes': accountCodes(kind),
    '050-log-indexes': logIndexes(),
    '060-redemptions': redemptionsTable(kind),
    '061-top-ups': topUpsTable(kind),
  };
}
