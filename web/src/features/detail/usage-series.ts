import type { QuotaDataPoint } from '@switchboard/contract';

/** The dashboard's time steps (the `DataExportDefaultTime` option names the default). */
export type Granularity = 'hour' | 'day' | 'week';
export const GRANULARITIES: Granularity[] = ['hour', 'day', 'week'];

export const granularityOf = (value: string): Granularity => (GRANULARITIES as string[]).includes(value) ? (value as Granularity) : 'hour';

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
