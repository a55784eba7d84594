import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { toNumber } from '../db/dialect';
import { availableDatabaseKinds } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Tables } from '../db/tables';
import { LogType, LogWriter } from './log-writer';

const kinds = await availableDatabaseKinds();

describe.each(kinds)('log writer on %s', (kind: DatabaseKind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseKind: kind });
  });
  afterAll(() => server.stop());

  it('writes entries naming different columns in one batch, the missing ones at their defaults', async () => {
    const logs = server.context.logs;
    logs.write({ user_id: 1, created_at: 100, type: LogType.TopUp, content: 'top-up', quota: 500, other: '' });
    logs.write({
      user_id: 1,
      created_at: 101,
      type: LogType.Consumption,
      content: '',
      model_name: 'gpt-4o',
      prompt_tokens: 3,
      completion_tokens: 4,
      channel_id: 2,
      other: '{}',
    });
    await logs.flush();
    const rows = await server.context.database.db.selectFrom('logs').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.content, toNumber(row.quota), toNumber(row.prompt_tokens), row.model_name, toNumber(row.channel_id)])).toEqual([
      ['top-up', 500, 0, '', 0],
      ['', 0, 3, 'gpt-4o', 2],
    ]);
  });

  it('puts whole usage buckets back when a flush fails, and adds them on the next', async () => {
    const real = server.context.database;
    // A database that loses its connection for one transaction.
    const lost = { transaction: () => ({ execute: () => Promise.reject(new Error('connection lost')) }) } as unknown as Kysely<Tables>;
    let outage = true;
    const flaky: Database = {
      kind: real.kind,
      close: () => real.close(),
      get db() {
        return outage ? lost : real.db;
      },
    };
    const writer = new LogWriter(flaky);
    const call = (tokens: number, quota: number) => writer.roll({ userId: 9, username: 'nine', model: 'gpt-4o', createdAt: 7200 + tokens, tokens, quota });
    call(10, 100);
    call(20, 200);
    call(30, 300);
    await expect(writer.flush()).rejects.toThrow('connection lost');
    outage = false;
    call(1, 1);
    await writer.flush();
    const row = await real.db.selectFrom('quota_data').selectAll().where('user_id', '=', 9).executeTakeFirstOrThrow();
    expect([toNumber(row.created_at), toNumber(row.count), toNumber(row.token_used), toNumber(row.quota)]).toEqual([7200, 4, 61, 601]);
  });
});
