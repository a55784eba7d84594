import type { AccountCodesTable } from './account-codes';
import type { PendingCreditsTable } from './pending-credits';
import type { CheckinsTable } from './checkins';
import type { EndedSessionsTable } from './ended-sessions';
import type { AbilitiesTable, ChannelsTable } from './channels';
import type { LogsTable, QuotaDataTable } from './logs';
import type { ModelsTable, PrefillGroupsTable, VendorsTable } from './model-metadata';
import type { OptionsTable } from './options';
import type { RedemptionsTable } from './redemptions';
import type { JobRunsTable } from './job-runs';
import type { JournalMarksTable } from './journal-marks';
import type { MidjourneysTable, TasksTable } from './tasks';
import type { SubscriptionOrdersTable, SubscriptionPlansTable, UserSubscriptionsTable } from './subscriptions';
import type { TopUpsTable } from './top-ups';
import type { TokensTable } from './tokens';
import type { UsersTable } from './users';
import type { AuthFlowsTable, PasskeyCredentialsTable, TwoFaBackupCodesTable, TwoFasTable } from './two-factor';

/** Every table Kysely knows; each area adds its table file here. */
export interface Tables {
  users: UsersTable;
  options: OptionsTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  tokens: TokensTable;
  logs: LogsTable;
  quota_data: QuotaDataTable;
  account_codes: AccountCodesTable;
  redemptions: RedemptionsTable;
  top_ups: TopUpsTable;
  job_runs: JobRunsTable;
  midjourneys: MidjourneysTable;
  tasks: TasksTable;
  journal_marks: JournalMarksTable;
  ended_sessions: EndedSessionsTable;
  checkins: CheckinsTable;
  pending_credits: PendingCreditsTable;
  vendors: VendorsTable;
  models: ModelsTable;
  prefill_groups: PrefillGroupsTable;
  two_fas: TwoFasTable;
  two_fa_backup_codes: TwoFaBackupCodesTable;
  passkey_credentials: PasskeyCredentialsTable;
  auth_flows: AuthFlowsTable;
  subscription_plans: SubscriptionPlansTable;
  user_subscriptions: UserSubscriptionsTable;
  subscription_orders: SubscriptionOrdersTable;
}
