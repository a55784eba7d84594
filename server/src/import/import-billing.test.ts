import { existsSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig, type DatabaseKind } from '../config';
import { toNumber } from '../db/dialect';
import { flushAll } from '../testing/relay-fixtures';
import { referenceConsoleClient } from '../testing/reference-console-client';
import { referenceImportForTests, seededReferenceDatabase } from '../testing/reference-import-fixture';
import { temporaryFolders } from '../testing/temporary-folders';
import { storedRow } from '../testing/stored-rows';
import { availableDatabaseKinds } from '../testing/test-databases';
import { signIn, startTestServer } from '../testing/test-server';
import { runImport } from './import-command';
import { describeImport, importReference } from './import-reference';

const kinds = await availableDatabaseKinds();
const PAINTER_KEY = 'Pa1nTeRkEy0123456789abcdefghijklmnopqrstuvwxyzAB';
const EXPIRED_KEY = 'ExP1rEdKeY0123456789abcdefghijklmnopqrstuvwxyzAB';
const PASSWORD_HASH = bcrypt.hashSync('reference-password', 4);
const NOW = Math.floor(Date.now() / 1000);

/** The reference's own model ratios and its stored CompletionRatio option, as an operator left them. */
const MODEL_RATIO = {
  'gpt-4o': 1.25,
  'gpt-3.5-turbo': 0.25,
  'claude-3-haiku-20240307': 0.125,
  'gpt-4-0613': 15,
  'house-model': 2,
  'vendor/model-x': 1,
};
const STORED_COMPLETION_RATIO = { 'gpt-4o': 1, 'house-model': 1.5, 'vendor/model-x': 2.5, 'gpt-4-all': 2 };

/**
 * The completion ratio the reference billed each with (reference notes §3.7): gpt-4o 4, gpt-3.5-turbo 3
 * and claude-3* 5 are built-in rules that come before the option (the option's gpt-4o: 1 is ignored);
 * gpt-4-0613 has no option entry and falls back to the gpt-4 family's 2; the others read the option.
 */
const REFERENCE_COMPLETION_RATIO: Record<keyof typeof MODEL_RATIO, number> = {
  'gpt-4o': 4,
  'gpt-3.5-turbo': 3,
  'claude-3-haiku-20240307': 5,
  'gpt-4-0613': 2,
  'house-model': 1.5,
  'vendor/model-x': 2.5,
};
const GROUP_RATIO = 1.5;
const PROMPT = 1000;
const COMPLETION = 500;

/** The reference's charge for a call (reference notes §3.5, V06): round((prompt + completion × completion ratio) × model ratio × group ratio). */
const referenceCharge = (model: keyof typeof MODEL_RATIO) =>
  Math.round((PROMPT + COMPLETION * REFERENCE_COMPLETION_RATIO[model]) * MODEL_RATIO[model] * GROUP_RATIO);

async function seedReference(db: Kysely<any>, kind: DatabaseKind, upstreamUrl: string): Promise<void> {
  const bool = (value: boolean) => (kind === 'postgres' ? value : value ? 1 : 0);
  await db
    .insertInto('users')
    .values({
      id: 5,
      username: 'painter',
      password: PASSWORD_HASH,
      role: 1,
      status: 1,
      quota: 90_000_000,
      group: 'vip',
      oidc_id: 'oidc-subject-5',
      access_token: '',
      aff_code: 'PNTR',
      created_at: NOW - 86_400,
    })
    .execute();
  const token = {
    user_id: 5,
    status: 1,
    created_time: NOW - 3600,
    accessed_time: NOW - 3600,
    expired_time: -1,
    remain_quota: 0,
    unlimited_quota: bool(true),
    model_limits_enabled: bool(false),
    model_limits: '',
    allow_ips: '',
    used_quota: 0,
    group: '',
  };
  await db
    .insertInto('tokens')
    .values([
      { ...token, id: 31, key: PAINTER_KEY, name: 'studio' },
      // The reference persisted status 3 when it found the token expired; an operator later cleared the expiry.
      { ...token, id: 32, key: EXPIRED_KEY, name: 'old', status: 3 },
    ])
    .execute();
  const models = Object.keys(MODEL_RATIO).join(',');
  await db
    .insertInto('channels')
    .values({
      id: 9,
      type: 1,
      key: 'sk-upstream',
      open_ai_organization: 'org-imported',
      name: 'main upstream',
      status: 1,
      weight: 1,
      created_time: NOW - 7200,
      base_url: upstreamUrl,
      models,
      group: 'default,vip',
      priority: 0,
      auto_ban: 1,
    })
    .execute();
  await db
    .insertInto('abilities')
    .values(
      ['default', 'vip'].flatMap((group) =>
        Object.keys(MODEL_RATIO).map((model) => ({
          group,
          model,
          channel_id: 9,
          enabled: bool(true),
          priority: 0,
          weight: 1,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('options')
    .values([
      { key: 'ModelRatio', value: JSON.stringify(MODEL_RATIO) },
      { key: 'CompletionRatio', value: JSON.stringify(STORED_COMPLETION_RATIO) },
      { key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: GROUP_RATIO }) },
    ])
    .execute();
  await db
    .insertInto('logs')
    .values({
      id: 1,
      user_id: 5,
      created_at: NOW - 600,
      type: 2,
      content: 'consume',
      username: 'painter',
      token_name: 'studio',
      model_name: 'gpt-4o',
      quota: 3750,
      prompt_tokens: 1000,
      completion_tokens: 500,
      use_time: 1,
      is_stream: bool(false),
      channel_id: 9,
      token_id: 31,
      group: 'vip',
      ip: '',
      request_id: 'r1',
      other: '{}',
    })
    .execute();
  // JSON columns are written as text on every dialect; PostgreSQL's driver hands them back parsed.
  const properties = JSON.stringify({ input: 'a fox' });
  await db
    .insertInto('midjourneys')
    .values([
      {
        id: 3,
        code: 1,
        user_id: 5,
        action: 'IMAGINE',
        mj_id: 'mj-done',
        prompt: 'a fox',
        submit_time: (NOW - 500) * 1000,
        finish_time: (NOW - 400) * 1000,
        image_url: 'https://cdn.example.com/fox.png',
        status: 'SUCCESS',
        progress: '100%',
        channel_id: 9,
        quota: 50_000,
        buttons: '[]',
        properties,
      },
      {
        id: 4,
        code: 1,
        user_id: 5,
        action: 'UPSCALE',
        mj_id: 'mj-failed',
        prompt: 'a fox',
        submit_time: (NOW - 300) * 1000,
        status: 'FAILURE',
        progress: '0%',
        fail_reason: 'banned',
        channel_id: 9,
        quota: 25_000,
      },
    ])
    .execute();
  await db
    .insertInto('tasks')
    .values({
      id: 6,
      created_at: NOW - 200,
      updated_at: NOW - 100,
      task_id: 'suno-1',
      platform: 'suno',
      user_id: 5,
      group: 'vip',
      channel_id: 9,
      quota: 50_000,
      action: 'MUSIC',
      status: 'SUCCESS',
      submit_time: NOW - 200,
      finish_time: NOW - 100,
      progress: '100%',
      properties,
      data: '[{"id":"clip-1"}]',
    })
    .execute();
}

describe.each(kinds)('an import that bills like the reference did, on %s', (kind: DatabaseKind) => {
  const fixture = referenceImportForTests(kind, seedReference);

  it('carries every table and column the reference has a place for here, and says which ratios it corrected', async () => {
    const report = await importReference(fixture.source, fixture.target, { dryRun: false });
    const table = (name: string) => report.tables.find((entry) => entry.table === name);
    expect(table('channels')?.notCarried).toEqual({});
    expect(table('midjourneys')).toMatchObject({ read: 2, written: 2, notCarried: {} });
    expect(table('tasks')).toMatchObject({ read: 1, written: 1, notCarried: {} });
    expect(report.completionRatios.corrected).toEqual(
      expect.arrayContaining([
        { model: 'gpt-4o', stored: 1, billed: 4 },
        { model: 'gpt-3.5-turbo', stored: null, billed: 3 },
        { model: 'gpt-4-0613', stored: null, billed: 2 },
      ]),
    );
    expect(describeImport(report)).toContain('gpt-4o: billed 4 (option: 1)');

    expect(table('users')?.notCarried).toEqual({});
    const painter = await storedRow(fixture.target.db, 'users', { id: 5 }, ['oidc_id']);
    expect(painter.oidc_id).toBe('oidc-subject-5');
    const channel = await storedRow(fixture.target.db, 'channels', { id: 9 }, ['openai_organization']);
    expect(channel.openai_organization).toBe('org-imported');
    const log = await storedRow(fixture.target.db, 'logs', { id: 1 }, ['channel_name']);
    expect(log.channel_name).toBe('main upstream');
    const drawings = await fixture.target.db
      .selectFrom('midjourneys')
      .select(['mj_id', 'model_name', 'refunded', 'properties'])
      .orderBy('id')
      .execute();
    expect(
      drawings.map((row) => ({
        ...row,
        refunded: toNumber(row.refunded),
        properties: JSON.parse(row.properties ?? 'null'),
      })),
    ).toEqual([
      { mj_id: 'mj-done', model_name: 'mj_imagine', refunded: 0, properties: { input: 'a fox' } },
      { mj_id: 'mj-failed', model_name: 'mj_upscale', refunded: 1, properties: null },
    ]);
    const task = await storedRow(fixture.target.db, 'tasks', { id: 6 }, ['model_name', 'data']);
    expect(task).toEqual({ model_name: 'suno_music', data: '[{"id":"clip-1"}]' });
  });

  it('bills every imported model exactly as the reference did, and shows the old key with status 3 as expired', async () => {
    const server = await startTestServer({ sharedDatabase: fixture.targetDatabase });
    try {
      fixture.upstream.behaviour = { promptTokens: PROMPT, completionTokens: COMPLETION };
      for (const model of Object.keys(MODEL_RATIO) as Array<keyof typeof MODEL_RATIO>) {
        const response = await server.call('/v1/chat/completions', {
          method: 'POST',
          headers: { authorization: `Bearer sk-${PAINTER_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
        });
        expect(response.status, model).toBe(200);
        await response.arrayBuffer();
        await flushAll(server);
        const charged = await server.context.database.db
          .selectFrom('logs')
          .select('quota')
          .where('user_id', '=', 5)
          .where('model_name', '=', model)
          .where('id', '>', 1)
          .executeTakeFirstOrThrow();
        expect(toNumber(charged.quota), model).toBe(referenceCharge(model));
      }
      expect(fixture.upstream.received.at(-1)?.headers['openai-organization']).toBe('org-imported');

      const refused = await server.call('/v1/chat/completions', {
        method: 'POST',
        headers: {
          authorization: `Bearer sk-${EXPIRED_KEY}`,
          'content-type': 'application/json',
          'accept-language': 'en',
        },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('expired');
      const painter = referenceConsoleClient(server, await signIn(server, 'painter', 'reference-password'));
      const tokens = await painter<Array<{ name: string; status: number }>>('GET', '/api/token/?p=0&size=10');
      expect(tokens.data?.find((token) => token.name === 'old')?.status).toBe(3);
      const drawings = await painter<Array<{ mj_id: string }>>('GET', '/api/mj/self/?p=0');
      expect(drawings.data?.map((drawing) => drawing.mj_id)).toEqual(['mj-failed', 'mj-done']);
    } finally {
      await server.close();
    }
  });

  it('refuses a target database a running gateway is using, and writes nothing to it', async () => {
    const server = await startTestServer({
      sharedDatabase: fixture.targetDatabase,
      environment: { TASK_POLL_INTERVAL_SECONDS: '1' },
    });
    try {
      await expect
        .poll(async () => (await fixture.target.db.selectFrom('job_runs').select('name').execute()).length, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      await fixture.target.db.deleteFrom('midjourneys').execute();
      await expect(importReference(fixture.source, fixture.target, { dryRun: false })).rejects.toThrow(
        'a gateway is using the target database',
      );
      expect(await fixture.target.db.selectFrom('midjourneys').select('id').execute()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('a dry run', () => {
  const newFolder = temporaryFolders('import-dry-run');

  it('writes nothing, not even an empty target file', async () => {
    const sourceDatabase = await seededReferenceDatabase('sqlite', seedReference, 'http://127.0.0.1:9');
    try {
      const targetPath = join(newFolder(), 'switchboard.db');
      const report = await runImport(loadConfig({ SQLITE_PATH: targetPath }), sourceDatabase.sqlitePath, true);
      expect(report).toContain('Dry run: nothing was written.');
      expect(report).toContain('midjourneys: read 2, would write 2');
      expect(report).toContain('CompletionRatio: would write');
      expect(existsSync(targetPath)).toBe(false);
    } finally {
      await sourceDatabase.drop();
    }
  });
});
