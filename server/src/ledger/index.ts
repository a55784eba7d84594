/** The ledger's seam: what the relay, the task runner and the console use. See README.md in this folder. */
export {
  ledgerOf,
  Ledger,
  type Bill,
  type Credit,
  type CreditReason,
  type Debit,
  type LedgerParts,
  type TaskRefund,
} from './ledger';
export type { Admission } from './balances/admission';
export { LogType, type LogEntry, type RollEntry } from './log-writer';
