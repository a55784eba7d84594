import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';
import { insertReturningId, nowSeconds, toNumber } from '../db/dialect';
import { referenceImportForTests } from '../testing/reference-import-fixture';
import { storedRow } from '../testing/stored-rows';
import { availableDatabaseKinds, createTestDatabase } from '../testing/test-databases';
import { signIn, startTestServer } from '../testing/test-server';
import { describeImport, importReference, type ImportReport } from './import-reference';
import { openSource, sourceSettings } from './reference-source';
import { countOf } from '../db/table-queries';

const kinds = await availableDatabaseKinds();
const ALICE_KEY = 'Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6kM9nP2rS5uX8';
const deletedAt = '2025-01-02 03:04:05';

async function seedReference(db: Kysely<any>, kind: DatabaseKind, upstreamUrl: string): Promise<void> {
  const bool = (value: boolean) => (kind === 'postgres' ? value : value ? 1 : 0);
  const password = bcrypt.hashSync('old-password-1', 10);
  await db
    .insertInto('users')
    .values([
      {
        id: 1,
        username: 'root',
        password,
        role: 100,
        status: 1,
        quota: 0,
        access_token: '',
        aff_code: 'R00T',
        setting: null,
        created_at: 1700000000,
      },
      {
        id: 7,
        username: 'alice',
        password,
        display_name: 'Alice',
        role: 1,
        status: 1,
        email: 'alice@example.com',
        quota: 5_000_000,
        used_quota: 1234,
        request_count: 9,
        group: 'default',
        access_token: '',
        aff_code: 'AL1C',
        aff_history: 77,
        inviter_id: null,
        setting: '{"notify_type":"email"}',
        discord_id: 'd-1',
        created_at: 1700000100,
      },
      {
        id: 8,
        username: 'bob',
        password,
        role: 1,
        status: 1,
        access_token: '',
        aff_code: '',
        created_at: 1700000200,
        deleted_at: deletedAt,
      },
    ])
    .execute();
  await db
    .insertInto('tokens')
    .values([
      {
        id: 11,
        user_id: 7,
        key: ALICE_KEY,
        status: 1,
        name: 'laptop',
        created_time: 1700000300,
        accessed_time: 1700000300,
        expired_time: -1,
        remain_quota: 1_000_000,
        unlimited_quota: bool(false),
        model_limits_enabled: bool(false),
        model_limits: '',
        allow_ips: '',
        used_quota: 5,
        group: '',
        cross_group_retry: bool(true),
      },
      {
        id: 12,
        user_id: 7,
        key: 'x'.repeat(100),
        status: 1,
        name: 'too long',
        created_time: 1700000300,
        unlimited_quota: bool(true),
        model_limits_enabled: bool(false),
      },
    ])
    .execute();
  await db
    .insertInto('channels')
    .values({
      id: 3,
      type: 1,
      key: 'sk-upstream',
      name: 'imported openai',
      status: 1,
      weight: 1,
      created_time: 1700000400,
      base_url: upstreamUrl,
      other: '',
      balance: 12.5,
      models: 'gpt-4o-mini',
      group: 'default',
      model_mapping: null,
      priority: 0,
      auto_ban: 1,
      setting: null,
      channel_info: '{"is_multi_key":false}',
    })
    .execute();
  await db
    .insertInto('abilities')
    .values({
      group: 'default',
      model: 'gpt-4o-mini',
      channel_id: 3,
      enabled: bool(true),
      priority: 0,
      weight: 1,
      tag: null,
    })
    .execute();
  await db
    .insertInto('options')
    .values([
      { key: 'SystemName', value: 'Imported Gateway' },
      { key: 'QuotaPerUnit', value: 'not a number' },
      { key: 'general_setting.ping_interval_enabled', value: 'true' },
    ])
    .execute();
  await db
    .insertInto('redemptions')
    .values([
      {
        id: 21,
        user_id: 1,
        key: 'a'.repeat(32),
        status: 1,
        name: 'gift',
        quota: 500000,
        created_time: 1700000500,
        redeemed_time: 0,
        used_user_id: 0,
      },
      {
        id: 22,
        user_id: 1,
        key: 'b'.repeat(32),
        status: 1,
        name: 'gone',
        quota: 500000,
        created_time: 1700000500,
        deleted_at: deletedAt,
      },
    ])
    .execute();
  await db
    .insertInto('logs')
    .values(
      [1, 2, 3].map((n) => ({
        id: n,
        user_id: 7,
        created_at: 1700001000 + n,
        type: 2,
        content: 'consume',
        username: 'alice',
        token_name: 'laptop',
        model_name: 'gpt-4o-mini',
        quota: 100 * n,
        prompt_tokens: 10,
        completion_tokens: 20,
        use_time: 1,
        is_stream: bool(n === 2),
        channel_id: 3,
        token_id: 11,
        group: 'default',
        ip: '',
        request_id: `r${n}`,
        other: '{}',
      })),
    )
    .execute();
  await db
    .insertInto('quota_data')
    .values([
      {
        id: 1,
        user_id: 7,
        username: 'alice',
        model_name: 'gpt-4o-mini',
        created_at: 1699999200,
        token_used: 60,
        count: 2,
        quota: 300,
      },
      {
        id: 2,
        user_id: 7,
        username: 'alice',
        model_name: 'gpt-4o-mini',
        created_at: 1700002800,
        token_used: 30,
        count: 1,
        quota: 300,
      },
    ])
    .execute();
}

const counts = async (target: Database) => {
  const tables = ['users', 'tokens', 'channels', 'abilities', 'redemptions', 'logs', 'quota_data'] as const;
  const result: Record<string, number> = {};
  for (const table of tables) result[table] = await countOf(target.db.selectFrom(table));
  return result;
};

const tableOf = (report: ImportReport, name: string) => report.tables.find((table) => table.table === name)!;

describe('reading the reference SQL_DSN', () => {
  it('accepts the reference MySQL form, URLs and SQLite files', () => {
    expect(sourceSettings('root:p%w@tcp(127.0.0.1:3306)/oneapi?charset=utf8mb4&parseTime=True')).toEqual({
      kind: 'mysql',
      dsn: 'mysql://root:p%25w@127.0.0.1:3306/oneapi?charset=utf8mb4',
    });
    expect(sourceSettings('postgres://u@h/db')).toEqual({ kind: 'postgres', dsn: 'postgres://u@h/db' });
    expect(sourceSettings('/data/one-api.db')).toEqual({ kind: 'sqlite', sqlitePath: '/data/one-api.db' });
  });

  it('refuses a missing SQLite file and a database without the reference tables, creating nothing', async () => {
    const missing = `${tmpdir()}/no-such-reference-${process.pid}.db`;
    await expect(openSource(missing)).rejects.toThrow(`no SQLite file at ${missing}`);
    expect(existsSync(missing)).toBe(false);
    const empty = await createTestDatabase('sqlite');
    openDatabase(empty.settings).sqlite?.close();
    await expect(openSource(empty.sqlitePath)).rejects.toThrow('the source has no users and options tables');
    await empty.drop();
  });
});

describe.each(kinds)('import from a reference database on %s', (kind: DatabaseKind) => {
  const fixture = referenceImportForTests(kind, seedReference, { migrated: true });

  it('reports in a dry run what it would copy and what it cannot map, writing nothing', async () => {
    const report = await importReference(fixture.source, fixture.target, { dryRun: true });
    expect(await counts(fixture.target)).toMatchObject({ users: 0, tokens: 0, channels: 0, logs: 0 });
    expect(tableOf(report, 'users')).toMatchObject({ read: 3, written: 3, skipped: 0, notCarried: { discord_id: 1 } });
    expect(tableOf(report, 'tokens')).toMatchObject({
      read: 2,
      written: 1,
      skipped: 1,
      notCarried: { cross_group_retry: 1 },
    });
    expect(tableOf(report, 'options').skipReasons.toSorted()).toEqual([
      'option QuotaPerUnit: a value Switchboard refuses',
      'option general_setting.ping_interval_enabled: not a Switchboard option',
    ]);
    expect(tableOf(report, 'redemptions')).toMatchObject({ written: 1, skipped: 1 });
    expect(tableOf(report, 'top_ups').absent).toBe(true);
    expect(describeImport(report)).toContain('tokens: read 2, would write 1, skipped 1');
    expect(describeImport(report)).toContain(
      'not carried: discord_id (set on 1 rows): Switchboard has no Discord sign-in',
    );
  });

  it('copies every table, and a second run leaves the same rows', async () => {
    await importReference(fixture.source, fixture.target, { dryRun: false, batchSize: 2 });
    const first = await counts(fixture.target);
    expect(first).toEqual({ users: 3, tokens: 1, channels: 1, abilities: 1, redemptions: 1, logs: 3, quota_data: 2 });
    await importReference(fixture.source, fixture.target, { dryRun: false, batchSize: 2 });
    expect(await counts(fixture.target)).toEqual(first);

    const alice = await fixture.target.db.selectFrom('users').selectAll().where('id', '=', 7).executeTakeFirstOrThrow();
    expect(alice).toMatchObject({
      username: 'alice',
      email: 'alice@example.com',
      access_token: null,
      aff_code: 'AL1C',
      setting: '{"notify_type":"email"}',
    });
    expect(toNumber(alice.quota)).toBe(5_000_000);
    expect(toNumber(alice.aff_history_quota)).toBe(77);
    const bob = await storedRow(fixture.target.db, 'users', { id: 8 }, ['deleted_at', 'aff_code']);
    expect(bob.aff_code).toBeNull();
    expect(toNumber(bob.deleted_at)).toBeGreaterThan(1_700_000_000);
    const stream = await storedRow(fixture.target.db, 'logs', { id: 2 }, ['is_stream']);
    expect(toNumber(stream.is_stream)).toBe(1);
    const system = await storedRow(fixture.target.db, 'options', { key: 'SystemName' }, ['value']);
    expect(system.value).toBe('Imported Gateway');
    const channel = await storedRow(fixture.target.db, 'channels', { id: 3 }, ['channel_info']);
    expect(channel.channel_info).toBe('{"is_multi_key":false}');

    const newId = await insertReturningId(fixture.target.db, fixture.target.kind, 'users', {
      username: 'after-import',
      password: 'x',
      access_token: null,
      aff_code: null,
      created_at: nowSeconds(),
      deleted_at: null,
    });
    expect(newId).toBeGreaterThan(8);
  });

  it('lets an imported user sign in with the old password and relay a call with the old token', async () => {
    const server = await startTestServer({ sharedDatabase: fixture.targetDatabase });
    try {
      const headers = await signIn(server, 'alice', 'old-password-1');
      expect(headers['New-Api-User']).toBe('7');
      const response = await server.call('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer sk-${ALICE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(response.status).toBe(200);
      expect(fixture.upstream.received.at(-1)?.headers.authorization).toBe('Bearer sk-upstream');
      const self = (await (await server.call('/api/user/self', { headers })).json()) as { data: { quota: number } };
      expect(self.data.quota).toBeLessThan(5_000_000);
      const status = (await (await server.call('/api/status')).json()) as { data: { system_name: string } };
      expect(status.data.system_name).toBe('Imported Gateway');
    } finally {
      await server.close();
    }
  });
});
