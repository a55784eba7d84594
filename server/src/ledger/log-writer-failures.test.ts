import { expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { toNumber } from '../db/dialect';
import { databaseOutage } from '../testing/database-outage';
import { describeOnEachDatabase } from '../testing/test-server';
import { LogType, LogWriter, type LogEntry, type LogWriterReporter } from './log-writer';

function recordingReporter() {
  const reports: Array<{ details: Record<string, unknown>; message: string }> = [];
  const record = (details: object, message: string) =>
    reports.push({ details: details as Record<string, unknown>, message });
  const reporter: LogWriterReporter = { error: record, warn: record };
  return { reporter, reports };
}

const entry = (userId: number, requestId: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  user_id: userId,
  created_at: 1_700_000_000,
  type: LogType.Consumption,
  content: '',
  model_name: 'gpt-4o',
  request_id: requestId,
  other: '{}',
  ...extra,
});

await describeOnEachDatabase('log writer failures on %s', (server, kind) => {
  const requestIdsOf = async (userId: number) =>
    (
      await server.context.database.db
        .selectFrom('logs')
        .select('request_id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => row.request_id);

  it('drops only the rows the database refuses, reports them by request id, and keeps writing later batches', async () => {
    const { reporter, reports } = recordingReporter();
    const writer = new LogWriter(server.context.database, { reporter });
    // SQLite does not enforce varchar lengths; it refuses a value it cannot store instead.
    const unstorable: Partial<LogEntry> =
      kind === 'sqlite' ? { token_id: { id: 1 } as unknown as number } : { model_name: 'm'.repeat(300) };
    const good = Array.from({ length: 120 }, (_, index) => `good-${index}`);
    for (const [index, requestId] of good.entries()) {
      writer.write(entry(31, requestId));
      if (index === 7) writer.write(entry(31, 'no-content', { content: null as unknown as string }));
      if (index === 90) writer.write(entry(31, 'too-long', unstorable));
    }
    writer.roll({ userId: 31, username: 'u31', model: 'gpt-4o', createdAt: 3600, tokens: 5, quota: 50 });

    await writer.flush();

    expect(await requestIdsOf(31)).toEqual(good);
    expect(reports.map((report) => [report.details.request_id, report.message])).toEqual([
      ['no-content', 'log row refused by the database; dropped'],
      ['too-long', 'log row refused by the database; dropped'],
    ]);
    const bucket = await server.context.database.db
      .selectFrom('quota_data')
      .selectAll()
      .where('user_id', '=', 31)
      .executeTakeFirstOrThrow();
    expect([toNumber(bucket.count), toNumber(bucket.quota)]).toEqual([1, 50]);

    writer.write(entry(31, 'later'));
    await writer.flush();
    expect((await requestIdsOf(31)).at(-1)).toBe('later');
    expect(writer.pendingRows).toBe(0);
    expect(reports).toHaveLength(2);
  });

  it('keeps a usage bucket the database refuses whole for later, and adds the others', async () => {
    const { reporter, reports } = recordingReporter();
    const writer = new LogWriter(server.context.database, { reporter });
    const refusedName = kind === 'sqlite' ? ({ name: 'x' } as unknown as string) : 'u'.repeat(100);
    writer.roll({ userId: 33, username: refusedName, model: 'gpt-4o', createdAt: 3600, tokens: 5, quota: 50 });
    writer.roll({ userId: 33, username: refusedName, model: 'gpt-4o', createdAt: 3700, tokens: 6, quota: 60 });
    writer.roll({ userId: 33, username: 'u33', model: 'claude', createdAt: 3600, tokens: 7, quota: 70 });

    await writer.flush();

    const buckets = await server.context.database.db
      .selectFrom('quota_data')
      .selectAll()
      .where('user_id', '=', 33)
      .execute();
    expect(buckets.map((bucket) => [bucket.model_name, toNumber(bucket.count), toNumber(bucket.quota)])).toEqual([
      ['claude', 1, 70],
    ]);
    expect(writer.pendingBuckets).toBe(1);
    expect(reports.map((report) => [report.details.model_name, report.message])).toEqual([
      ['gpt-4o', 'usage bucket refused by the database; kept for the next flush'],
    ]);
  });

  it('keeps rows and usage while the database is unavailable, writes them once when it is back, and drops the oldest beyond its limit', async () => {
    const outage = await databaseOutage(server.database);
    const database = openDatabase(outage.settings);
    // A lock must fail at once here rather than after the 30 s the server waits.
    database.sqlite?.pragma('busy_timeout = 0');
    const { reporter, reports } = recordingReporter();
    const writer = new LogWriter(database, { reporter, maxPendingRows: 10 });
    try {
      writer.write(entry(32, 'before-outage'));
      await writer.flush();

      await outage.begin();
      for (let index = 0; index < 6; index++) writer.write(entry(32, `during-${index}`));
      writer.roll({ userId: 32, username: 'u32', model: 'gpt-4o', createdAt: 7200, tokens: 10, quota: 100 });
      await expect(writer.flush()).rejects.toThrow();
      for (let index = 6; index < 14; index++) writer.write(entry(32, `during-${index}`));
      writer.roll({ userId: 32, username: 'u32', model: 'gpt-4o', createdAt: 7300, tokens: 1, quota: 1 });
      await expect(writer.flush()).rejects.toThrow();
      expect(writer.pendingRows).toBe(10);
      expect(reports.map((report) => [report.details.dropped, report.message])).toEqual([
        [4, 'log rows dropped: the database stayed unavailable and the queue reached its limit'],
      ]);

      await outage.end();
      await writer.flush();
      expect(await requestIdsOf(32)).toEqual([
        'before-outage',
        ...Array.from({ length: 10 }, (_, index) => `during-${index + 4}`),
      ]);
      const bucket = await server.context.database.db
        .selectFrom('quota_data')
        .selectAll()
        .where('user_id', '=', 32)
        .executeTakeFirstOrThrow();
      expect([toNumber(bucket.count), toNumber(bucket.token_used), toNumber(bucket.quota)]).toEqual([2, 11, 101]);
      expect(writer.pendingRows).toBe(0);
    } finally {
      await outage.close();
      await database.close();
    }
  });
});
