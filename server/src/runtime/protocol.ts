import type { AffinitySpace } from '../platform/affinity-store';
import type { Registry } from 'prom-client';
import type { RollEntry } from '../ledger/log-writer';
import type { LeaseOwner } from '../ledger/balances/lease-table';
import type { AdmitReply } from './primary-leases';

/**
 * The messages between the cluster primary and its workers. Each side sends at most one message per
 * turn of its event loop, carrying everything that turn produced (IPC costs per message, not per item).
 */

/*
 * Every operation a worker asks of the primary: its arguments and what the primary answers. The
 * worker's calls (PrimaryLink) and the primary's handlers (operations/*.ts) are both typed from this
 * table, so neither can send or handle a shape the other does not. One group per handler file.
 */

/** Balances, leases and holds (operations/balances.ts). */
export interface BalanceOperations {
  userQuota: { args: [userId: number]; result: number };
  tokenRemain: { args: [tokenId: number]; result: number };
  adjustUser: { args: [userId: number, delta: number]; result: number };
  adjustToken: { args: [tokenId: number, delta: number]; result: number };
  setUserQuota: { args: [userId: number, value: number]; result: void };
  setTokenRemain: { args: [tokenId: number, value: number]; result: void };
  /** `givenBack`: the id of the lease of this user and token the worker ended (0: none) */
  admit: { args: [userId: number, tokenId: number | null, amount: number, givenBack: number]; result: AdmitReply };
  /** the answer to a `revoke` push: the leases the worker ended */
  revoked: { args: [ackId: number, ...leaseIds: number[]]; result: void };
  reserve: { args: [userId: number, tokenId: number | null, amount: number]; result: boolean };
  release: { args: [userId: number, tokenId: number | null, amount: number]; result: void };
  /** a call's bill, which the primary journals and writes; `covered` is what the worker's lease paid */
  charge: {
    args: [userId: number, tokenId: number | null, reserved: number, quota: number, covered: number];
    result: void;
  };
  /** a bill the worker journaled (record `seq`) and writes itself: only what it held here changes */
  charged: {
    args: [userId: number, tokenId: number | null, reserved: number, quota: number, covered: number, seq: number];
    result: void;
  };
  /** a failed task's price given back, which the primary journals and writes */
  refund: { args: [userId: number, tokenId: number | null, quota: number]; result: void };
  recordUsage: {
    args: [userId: number, tokenId: number, channelId: number, quota: number, requests: number];
    result: void;
  };
  flushBalances: { args: []; result: void };
}

/** Log rows and the journal (operations/logs.ts). */
export interface LogOperations {
  /** a log row as its column values (logRowValues): a fraction of an object's cost on both ends */
  log: { args: [values: unknown[]]; result: void };
  roll: { args: [entry: RollEntry]; result: void };
  durable: { args: []; result: void };
  settled: { args: []; result: void };
  flushLogs: { args: []; result: void };
}

/** Limit counters (operations/counters.ts). */
export interface CounterOperations {
  counterAdd: { args: [key: string, amount: number, windowSeconds: number]; result: number };
  counterRead: { args: [key: string]; result: number };
  counterAcquire: { args: [key: string, holder: string, limit: number, maxHoldSeconds: number]; result: boolean };
  counterRelease: { args: [key: string, holder: string]; result: void };
}

/** The channel-affinity entries every worker shares without Redis (operations/affinity.ts). */
export interface AffinityOperations {
  affinityGet: { args: [space: AffinitySpace, key: string]; result: string | null };
  affinitySet: {
    args: [space: AffinitySpace, key: string, value: string, ttlSeconds: number, capacity: number];
    result: void;
  };
  affinityDelete: { args: [space: AffinitySpace, key: string]; result: void };
  affinityCount: {
    args: [space: AffinitySpace, prefix: string, prefixes: string[]];
    result: { total: number; counts: number[] };
  };
  affinityClear: { args: [space: AffinitySpace, prefix: string]; result: number };
}

/** Cache invalidation between the processes (operations/invalidation.ts). */
export interface InvalidationOperations {
  notify: { args: [topic: string, message: string]; result: void };
  publish: { args: [topic: string, message: string]; result: void };
  /** the answer to a `bus` push that carried an `ackId` */
  busAck: { args: [ackId: number]; result: void };
}

/** A process's metrics, as prom-client hands them to its aggregation. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** The whole gateway's metrics, gathered by the primary (operations/metrics.ts). */
export interface MetricsOperations {
  /** the worker answers `collect` pushes from now on */
  metricsReady: { args: []; result: void };
  /** the worker's metrics for the collection `id` */
  metricsPart: { args: [id: number, metrics: MetricsJson]; result: void };
  /** every process's metrics, added up, in the Prometheus text format */
  metricsScrape: { args: []; result: string };
}

export type Operations = BalanceOperations &
  LogOperations &
  CounterOperations &
  AffinityOperations &
  InvalidationOperations &
  MetricsOperations;

export type OperationName = keyof Operations;
export type ArgumentsOf<N extends OperationName> = Operations[N]['args'];
export type ResultOf<N extends OperationName> = Operations[N]['result'];

/**
 * Operations that nothing the worker sends later waits for: the barriers, which wait for the ones sent
 * before them and change nothing, and a scrape of the metrics, which may take a collection's time.
 */
export const UNORDERED: ReadonlySet<OperationName> = new Set<OperationName>([
  'durable',
  'settled',
  'flushBalances',
  'flushLogs',
  'metricsScrape',
]);

/** Operation `N` on the wire: [request id (0: no answer wanted), name, ...arguments]. */
type OperationsOnTheWire = { [N in OperationName]: [id: number, name: N, ...args: ArgumentsOf<N>] };
export type OperationOf<N extends OperationName> = OperationsOnTheWire[N];
/** Any operation on the wire. */
export type Operation = OperationOf<OperationName>;

/** The primary's answer to a request: [request id, 1, value] or [request id, 0, error message]. */
export type Reply = [number, 1 | 0, unknown];

/**
 * What the primary tells a worker unasked: a cache invalidation (`bus`, acknowledged with the
 * `busAck` operation when `ackId` is not 0), to give leases back (`revoke`, answered with the `revoked`
 * operation), the write-behind state (`lag`), to hand in its metrics (`collect`, answered with
 * `metricsPart`), or to stop (`stop`).
 */
export type Push =
  | ['bus', topic: string, message: string, ackId: number]
  | ['revoke', owner: LeaseOwner, id: number, ackId: number]
  | ['lag', lagMs: number, pendingRows: number, pendingBuckets: number]
  | ['collect', id: number]
  | ['stop'];

/** worker → primary */
export interface WorkerMessage {
  switchboard: 'ops';
  ops: Operation[];
}

/** primary → worker */
export interface PrimaryMessage {
  switchboard: 'answers';
  replies: Reply[];
  pushes: Push[];
}

export const isWorkerMessage = (message: unknown): message is WorkerMessage =>
  typeof message === 'object' && message !== null && (message as { switchboard?: unknown }).switchboard === 'ops';

export const isPrimaryMessage = (message: unknown): message is PrimaryMessage =>
  typeof message === 'object' && message !== null && (message as { switchboard?: unknown }).switchboard === 'answers';
