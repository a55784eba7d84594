import type { Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { usersAndOptions } from './001-users-options';
import { relayTables } from './002-relay-tables';
import { accountCodes } from './030-account-codes';
import { logIndexes } from './050-log-indexes';
import { redemptionsTable } from './060-redemptions';
import { topUpsTable } from './061-top-ups';
import { jobRunsTable } from './070-job-runs';
import { taskTables } from './071-task-tables';
import { oidcColumn } from './080-oidc';
import { sessionEpoch } from './081-session-epoch';
import { journalMarksTable } from './075-journal-marks';
import { limitColumns } from './082-limits';
import { taskRefundClaims } from './083-task-refund-claims';
import { endedSessionsTable } from './084-ended-sessions';
import { channelInfoColumn } from './100-channel-info';
import { checkinsTable } from './130-checkins';
import { topUpCreditClaims } from './150-top-up-credit-claims';
import { modelMetadataTables } from './110-model-metadata';
import { logTokenIndex } from './111-log-token-index';
import { subscriptionTables } from './140-subscriptions';
import { paymentCustomers } from './170-payment-customers';
import { taskSubscriptions } from './171-task-subscriptions';
import { pendingCreditsTable } from './172-pending-credits';
import { twoFactorAndPasskeyTables } from './090-two-factor-passkeys';

/** The one migration set, in order; names sort lexically. Each area appends its own file. */
export function migrations(kind: DatabaseKind): Record<string, Migration> {
  return {
    '001-users-options': usersAndOptions(kind),
    '002-relay-tables': relayTables(kind),
    '030-account-codes': accountCodes(kind),
    '050-log-indexes': logIndexes(),
    '060-redemptions': redemptionsTable(kind),
    '061-top-ups': topUpsTable(kind),
    '070-job-runs': jobRunsTable(kind),
    '071-task-tables': taskTables(kind),
    '080-oidc': oidcColumn(),
    '081-session-epoch': sessionEpoch(),
    '075-journal-marks': journalMarksTable(kind),
    '082-limits': limitColumns(),
    '083-task-refund-claims': taskRefundClaims(),
    '084-ended-sessions': endedSessionsTable(kind),
    '100-channel-info': channelInfoColumn(kind),
    '130-checkins': checkinsTable(kind),
    '150-top-up-credit-claims': topUpCreditClaims(),
    '110-model-metadata': modelMetadataTables(kind),
    '111-log-token-index': logTokenIndex(),
    '090-two-factor-passkeys': twoFactorAndPasskeyTables(kind),
    '140-subscriptions': subscriptionTables(kind),
    '170-payment-customers': paymentCustomers(),
    '171-task-subscriptions': taskSubscriptions(),
    '172-pending-credits': pendingCreditsTable(kind),
  };
}
