import { describe, expect, it } from 'vitest';
import { serverForTests } from '../testing/test-server';
import { kyselyLogInserter, sqliteLogInserter, type LogEntry } from './log-insert';
import { LogType } from './log-writer';

const entries: LogEntry[] = [
  {
    user_id: 1,
    created_at: 1_700_000_000,
    type: LogType.Consumption,
    content: '模型倍率 0.075，补全倍率 4',
    username: 'alice',
    token_name: 'default',
    token_id: 12,
    model_name: 'gpt-4o-mini',
    quota: Number.MAX_SAFE_INTEGER,
    prompt_tokens: 321,
    completion_tokens: 99,
    use_time: 3,
    is_stream: 1,
    channel_id: 7,
    channel_name: 'openai "main"',
    group: 'vip',
    ip: '::1',
    request_id: '20261121100000abcdef',
    other: JSON.stringify({ model_ratio: 0.075, frt: -1000 }),
  },
  { user_id: 2, created_at: 0, type: LogType.TopUp, content: 'top-up', quota: -5, other: '' },
  { user_id: 3, created_at: 5, type: LogType.System, content: "it's 'quoted' ; -- not sql", other: '{}', username: '' },
];

describe('log inserters on sqlite', () => {
  const server = serverForTests({ databaseKind: 'sqlite' });

  const readBack = async () => {
    const rows = await server.context.database.db.selectFrom('logs').selectAll().orderBy('id').execute();
    await server.context.database.db.deleteFrom('logs').execute();
    return rows.map(({ id: _id, ...row }) => row);
  };

  it('writes the same rows through the prepared statement as through Kysely', async () => {
    const { db, sqlite } = server.context.database;
    await db.deleteFrom('logs').execute();
    await kyselyLogInserter(db)(entries);
    const throughKysely = await readBack();
    await sqliteLogInserter(db, sqlite!)(entries);
    const throughStatement = await readBack();

    expect(throughStatement).toEqual(throughKysely);
    expect(throughStatement).toHaveLength(3);
    expect(throughStatement[1]).toMatchObject({
      username: '',
      model_name: '',
      quota: -5,
      is_stream: 0,
      request_id: '',
      other: '',
    });
    expect(throughStatement[0]).toMatchObject({
      quota: Number.MAX_SAFE_INTEGER,
      channel_name: 'openai "main"',
      group: 'vip',
    });
  });

  it('writes nothing of a batch in which one row fails', async () => {
    const { db, sqlite } = server.context.database;
    const broken = [entries[0]!, { ...entries[1]!, content: null as unknown as string }];
    await expect(sqliteLogInserter(db, sqlite!)(broken)).rejects.toThrow(/NOT NULL/);
    expect(await readBack()).toEqual([]);
  });
});
