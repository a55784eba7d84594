import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { applyChangeset, parseChangeset } from './changeset';
import usersOptions from './001-users-options.json';
import relayTables from './002-relay-tables.json';
import accountCodes from './030-account-codes.json';
import logIndexes from './050-log-indexes.json';
import redemptions from './060-redemptions.json';
import topUps from './061-top-ups.json';
import jobRuns from './070-job-runs.json';
import taskTables from './071-task-tables.json';
import journalMarks from './075-journal-marks.json';
import oidc from './080-oidc.json';
import sessionEpoch from './081-session-epoch.json';
import limits from './082-limits.json';
import taskRefundClaims from './083-task-refund-claims.json';
import endedSessions from './084-ended-sessions.json';
import twoFactorPasskeys from './090-two-factor-passkeys.json';
import channelInfo from './100-channel-info.json';
import modelMetadata from './110-model-metadata.json';
import logTokenIndex from './111-log-token-index.json';
import checkins from './130-checkins.json';
import subscriptions from './140-subscriptions.json';
import topUpCreditClaims from './150-top-up-credit-claims.json';
import paymentCustomers from './170-payment-customers.json';
import { confirmComplianceOfEarlierSales } from './170-payment-customers';
import taskSubscriptions from './171-task-subscriptions.json';
import pendingCredits from './172-pending-credits.json';

/** Each migration's changeset (its tables, columns and indexes), by name; names sort lexically. Each area appends its own. */
const CHANGESETS: Record<string, unknown> = {
  '001-users-options': usersOptions,
  '002-relay-tables': relayTables,
  '030-account-codes': accountCodes,
  '050-log-indexes': logIndexes,
  '060-redemptions': redemptions,
  '061-top-ups': topUps,
  '070-job-runs': jobRuns,
  '071-task-tables': taskTables,
  '075-journal-marks': journalMarks,
  '080-oidc': oidc,
  '081-session-epoch': sessionEpoch,
  '082-limits': limits,
  '083-task-refund-claims': taskRefundClaims,
  '084-ended-sessions': endedSessions,
  '090-two-factor-passkeys': twoFactorPasskeys,
  '100-channel-info': channelInfo,
  '110-model-metadata': modelMetadata,
  '111-log-token-index': logTokenIndex,
  '130-checkins': checkins,
  '140-subscriptions': subscriptions,
  '150-top-up-credit-claims': topUpCreditClaims,
  '170-payment-customers': paymentCustomers,
  '171-task-subscriptions': taskSubscriptions,
  '172-pending-credits': pendingCredits,
};

/** Steps of a migration that are logic rather than schema, run after its changeset. */
const DATA_STEPS: Record<string, (db: Kysely<any>) => Promise<void>> = {
  '170-payment-customers': confirmComplianceOfEarlierSales,
};

/** The one migration set; every changeset is read before any migration runs. */
export function migrations(kind: DatabaseKind): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(CHANGESETS).map(([name, json]) => {
      const changeset = parseChangeset(json);
      const migration: Migration = {
        async up(db: Kysely<any>) {
          await applyChangeset(db, kind, changeset);
          await DATA_STEPS[name]?.(db);
        },
      };
      return [name, migration];
    }),
  );
}
