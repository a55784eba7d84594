import type { QuotaDataPoint } from '@switchboard/contract';

/** The dashboard's time steps (the `DataExportDefaultTime` option names the default). */
export type Granularity = 'hour' | 'day' | 'week';
export const GRANULARITIES: Granularity[] = ['hour', 'day', 'week'];

export const granularityOf = (value: string): Granularity =>
  (GRANULARITIES as string[]).includes(value) ? (value as Granularity) : 'hour';

const pad = (value: number) => String(value).padStart(2, '0');
const dayText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The local start of the step an hourly bucket falls in (weeks start on Monday), as its label. */
export function bucketLabel(hourStart: number, granularity: Granularity): string {
  const date = new Date(hourStart * 1000);
  if (granularity === 'hour') return `${dayText(date)} ${pad(date.getHours())}:00`;
  if (granularity === 'week') date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return dayText(date);
}

export interface ModelTotal {
  model: string;
  quota: number;
  count: number;
  tokens: number;
}

/** One step of the time axis: its label and, per model, the quota and the call count. */
export interface UsageBucket {
  label: string;
  quota: Record<string, number>;
  count: Record<string, number>;
}

export interface UsageSeries {
  buckets: UsageBucket[];
  /** by quota, largest first */
  models: ModelTotal[];
  totals: { quota: number; count: number; tokens: number };
}

/** Groups hourly rows into steps of the chosen size, per model, with totals. */
export function usageSeries(points: QuotaDataPoint[], granularity: Granularity): UsageSeries {
  const buckets = new Map<string, UsageBucket>();
  const models = new Map<string, ModelTotal>();
  const totals = { quota: 0, count: 0, tokens: 0 };
  for (const point of [...points].sort((a, b) => a.created_at - b.created_at)) {
    const label = bucketLabel(point.created_at, granularity);
    const bucket = buckets.get(label) ?? { label, quota: {}, count: {} };
    buckets.set(label, bucket);
    bucket.quota[point.model_name] = (bucket.quota[point.model_name] ?? 0) + point.quota;
    bucket.count[point.model_name] = (bucket.count[point.model_name] ?? 0) + point.count;
    const model = models.get(point.model_name) ?? { model: point.model_name, quota: 0, count: 0, tokens: 0 };
    models.set(point.model_name, model);
    model.quota += point.quota;
    model.count += point.count;
    model.tokens += point.token_used;
    totals.quota += point.quota;
    totals.count += point.count;
    totals.tokens += point.token_used;
  }
  return { buckets: [...buckets.values()], models: [...models.values()].sort((a, b) => b.quota - a.quota), totals };
}

/** At most this many steps are drawn; a longer range keeps only the steps that have data. */
export const MAX_CHART_STEPS = 2000;

const startOfLabel = (label: string): Date =>
  new Date(label.length > 10 ? `${label.slice(0, 10)}T${label.slice(11)}` : `${label}T00:00`);

function nextStep(date: Date, granularity: Granularity): Date {
  const next = new Date(date);
  if (granularity === 'hour') next.setHours(next.getHours() + 1);
  else next.setDate(next.getDate() + (granularity === 'week' ? 7 : 1));
  return next;
}

/**
 * The buckets with every step between the first and the last one present, empty steps holding 0 calls
 * and 0 quota for every model, so that a line drops to zero over quiet hours instead of bridging them.
 */
export function continuousBuckets(
  buckets: UsageBucket[],
  models: ModelTotal[],
  granularity: Granularity,
): UsageBucket[] {
  const first = buckets[0];
  const last = buckets.at(-1);
  if (!first || !last) return [];
  const byLabel = new Map(buckets.map((bucket) => [bucket.label, bucket]));
  const zeros = () => Object.fromEntries(models.map((model) => [model.model, 0]));
  const filled: UsageBucket[] = [];
  for (let step = startOfLabel(first.label); filled.length <= MAX_CHART_STEPS; step = nextStep(step, granularity)) {
    const label = bucketLabel(Math.floor(step.getTime() / 1000), granularity);
    const found = byLabel.get(label);
    filled.push({ label, quota: { ...zeros(), ...found?.quota }, count: { ...zeros(), ...found?.count } });
    if (label === last.label) return filled;
  }
  return buckets;
}
