import { describe, expect, it } from 'vitest';
import { bucketLabel, continuousBuckets, usageSeries } from './usage-series';

// Local times, so that the labels do not depend on the machine's time zone.
const at = (text: string) => Math.floor(new Date(text).getTime() / 1000);
const point = (time: string, model: string, quota: number, count = 1, tokens = 10) => ({
  created_at: at(time),
  model_name: model,
  quota,
  count,
  token_used: tokens,
});

describe('usage series', () => {
  const points = [
    point('2026-11-18T10:00:00', 'gpt-4o', 100, 2, 30),
    point('2026-11-18T11:00:00', 'gpt-4o', 50),
    point('2026-11-18T11:00:00', 'claude', 500, 4, 70),
    point('2026-11-20T09:00:00', 'gpt-4o', 7),
    point('2026-11-23T09:00:00', 'claude', 1),
  ];

  it('labels hours, days and Monday-based weeks', () => {
    expect(bucketLabel(at('2026-11-18T10:00:00'), 'hour')).toBe('2026-11-18 10:00');
    expect(bucketLabel(at('2026-11-18T10:00:00'), 'day')).toBe('2026-11-18');
    expect(bucketLabel(at('2026-11-22T23:00:00'), 'week')).toBe('2026-11-16');
    expect(bucketLabel(at('2026-11-23T00:00:00'), 'week')).toBe('2026-11-23');
  });

  it('sums per step and model, with totals and models by quota', () => {
    const byDay = usageSeries(points, 'day');
    expect(byDay.buckets.map((bucket) => bucket.label)).toEqual(['2026-11-18', '2026-11-20', '2026-11-23']);
    expect(byDay.buckets[0]).toEqual({
      label: '2026-11-18',
      quota: { 'gpt-4o': 150, claude: 500 },
      count: { 'gpt-4o': 3, claude: 4 },
    });
    expect(byDay.totals).toEqual({ quota: 658, count: 9, tokens: 130 });
    expect(byDay.models).toEqual([
      { model: 'claude', quota: 501, count: 5, tokens: 80 },
      { model: 'gpt-4o', quota: 157, count: 4, tokens: 50 },
    ]);
    expect(usageSeries(points, 'week').buckets.map((bucket) => bucket.quota)).toEqual([
      { 'gpt-4o': 157, claude: 500 },
      { claude: 1 },
    ]);
    expect(usageSeries(points, 'hour').buckets).toHaveLength(4);
  });
});

describe('continuous buckets for the charts', () => {
  const at = (text: string) => Math.floor(new Date(text).getTime() / 1000);
  const point = (created: string, count: number) => ({
    model_name: 'gpt-4o',
    created_at: at(created),
    count,
    token_used: 10,
    quota: 100,
  });

  it('puts quiet hours between two busy ones at zero, so no line is drawn across them', () => {
    const series = usageSeries([point('2026-11-18T10:00:00', 2), point('2026-11-18T13:00:00', 5)], 'hour');
    const filled = continuousBuckets(series.buckets, series.models, 'hour');
    expect(filled.map((bucket) => [bucket.label, bucket.count['gpt-4o']])).toEqual([
      ['2026-11-18 10:00', 2],
      ['2026-11-18 11:00', 0],
      ['2026-11-18 12:00', 0],
      ['2026-11-18 13:00', 5],
    ]);
  });

  it('steps by day and by week too, and gives up filling past the cap', () => {
    const days = usageSeries([point('2026-11-18T10:00:00', 1), point('2026-11-20T10:00:00', 1)], 'day');
    expect(continuousBuckets(days.buckets, days.models, 'day').map((bucket) => bucket.label)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    const far = usageSeries([point('2020-01-01T00:00:00', 1), point('2026-01-01T00:00:00', 1)], 'hour');
    expect(continuousBuckets(far.buckets, far.models, 'hour')).toHaveLength(2);
  });
});
