import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What one finished relay call adds to the metrics. */
export interface RelayCallRecord {
  route: string;
  dialect: string;
  /** '' until the call was priced: unpriced or malformed requests count under "none", so labels stay bounded */
  model: string;
  /** 0 when no channel was reached */
  channelId: number;
  status: number;
  seconds: number;
}

/** Readings taken when the metrics are scraped. */
export interface MetricsSources {
  openCircuits(): number[];
  pendingLogRows(): number;
  pendingUsageBuckets(): number;
  /** How long the oldest unwritten log row, usage entry or balance delta has waited, in milliseconds. */
  writeBehindLagMs(): number;
  /** The largest write-behind lag seen since start, in milliseconds. */
  worstWriteBehindLagMs(): number;
}

/**
 * Default Node metrics that are gauges but named like counters (`_total`), which Prometheus's own
 * checker (`promtool check metrics`) rejects; `nodejs_active_handles` and `nodejs_active_resources`
 * say the same by type.
 */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** A registry with the process's default metrics (memory, CPU, event loop, garbage collection). */
export function processRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  return registry;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The gateway's Prometheus metrics (GET /metrics). Labels are routes, dialects, priced model names,
 * channel ids, statuses and error codes: never users or tokens, so the series stay bounded. With
 * workers, each process's metrics are added up per scrape (cluster-metrics.ts): each gauge says how
 * (`aggregator`; the write-behind readings are the primary's, which every worker repeats: the largest).
 */
export class GatewayMetrics {
  readonly registry = processRegistry();
  private readonly requests: Counter<'route' | 'model' | 'channel' | 'status' | 'dialect'>;
  private readonly latency: Histogram<'route' | 'dialect'>;
  private readonly firstByte: Histogram<'route'>;
  private readonly tokens: Counter<'model' | 'kind'>;
  private readonly quota: Counter<'model'>;
  private readonly upstreamErrors: Counter<'channel' | 'code'>;
  private readonly limits: Counter<'limit'>;
  private readonly streams: Gauge;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
      new Counter<L>({ name, help, labelNames, registers });
    const latency = <L extends string>(name: string, help: string, labelNames: L[]) =>
      new Histogram<L>({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers });
    /** A gauge read at each scrape; with workers the scrape keeps the largest reading. */
    const reading = <L extends string>(
      name: string,
      help: string,
      labelNames: L[],
      collect: (this: Gauge<L>) => void,
    ) => new Gauge<L>({ name, help, labelNames, aggregator: 'max', registers, collect });

    this.requests = counter(
      'switchboard_relay_requests_total',
      'Relay calls by route, model, channel, HTTP status and client dialect',
      ['route', 'model', 'channel', 'status', 'dialect'],
    );
    this.latency = latency(
      'switchboard_relay_request_duration_seconds',
      'Time from the request to the end of the answer',
      ['route', 'dialect'],
    );
    this.firstByte = latency(
      'switchboard_relay_first_byte_seconds',
      'Time from the request to the first byte of the upstream answer',
      ['route'],
    );
    this.tokens = counter('switchboard_tokens_total', 'Tokens billed, by model and kind (prompt, completion)', [
      'model',
      'kind',
    ]);
    this.quota = counter('switchboard_quota_billed_total', 'Quota units billed, by model', ['model']);
    this.upstreamErrors = counter(
      'switchboard_upstream_errors_total',
      'Failed upstream attempts by channel and error code',
      ['channel', 'code'],
    );
    this.limits = counter('switchboard_limits_hit_total', 'Requests refused by a limit, by limit', ['limit']);
    this.streams = new Gauge({
      name: 'switchboard_open_streams',
      help: 'Streamed answers being relayed now',
      registers,
    });
    reading(
      'switchboard_circuit_breaker_open',
      'Channels held back by the circuit breaker now (1 per open channel)',
      ['channel'],
      function () {
        this.reset();
        for (const channel of sources.openCircuits()) this.set({ channel: String(channel) }, 1);
      },
    );
    reading(
      'switchboard_write_behind_pending',
      'Rows waiting for the database: log rows and hourly usage buckets',
      ['queue'],
      function () {
        this.set({ queue: 'logs' }, sources.pendingLogRows());
        this.set({ queue: 'usage' }, sources.pendingUsageBuckets());
      },
    );
    reading(
      'switchboard_write_behind_lag_seconds',
      'How long the oldest row or delta not yet in the database has waited (0 when none waits)',
      [],
      function () {
        this.set(sources.writeBehindLagMs() / 1000);
      },
    );
    reading(
      'switchboard_write_behind_worst_lag_seconds',
      'The largest write-behind lag seen since the instance started',
      [],
      function () {
        this.set(sources.worstWriteBehindLagMs() / 1000);
      },
    );
  }

  callEnded(call: RelayCallRecord): void {
    this.requests.inc({
      route: call.route,
      model: call.model || 'none',
      channel: String(call.channelId),
      status: String(call.status),
      dialect: call.dialect,
    });
    this.latency.observe({ route: call.route, dialect: call.dialect }, call.seconds);
  }

  billed(
    route: string,
    model: string,
    promptTokens: number,
    completionTokens: number,
    quota: number,
    firstByteMs: number | null,
  ): void {
    this.tokens.inc({ model, kind: 'prompt' }, promptTokens);
    this.tokens.inc({ model, kind: 'completion' }, completionTokens);
    this.quota.inc({ model }, quota);
    if (firstByteMs !== null) this.firstByte.observe({ route }, firstByteMs / 1000);
  }

  /** A call refused before it was relayed (a bad key 401, a limit 429, a body too large 413, ...). */
  refused(route: string, dialect: string, status: number): void {
    this.requests.inc({ route, model: 'none', channel: '0', status: String(status), dialect });
  }

  upstreamFailed(channelId: number, code: string): void {
    this.upstreamErrors.inc({ channel: String(channelId), code });
  }

  limitHit(limit: string): void {
    this.limits.inc({ limit });
  }

  streamOpened(): void {
    this.streams.inc();
  }

  streamClosed(): void {
    this.streams.dec();
  }
}
